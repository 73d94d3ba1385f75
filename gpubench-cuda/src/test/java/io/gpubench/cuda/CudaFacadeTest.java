package io.gpubench.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialClock;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What benchmark code can reach of a CUDA case: the {@link Cuda} façade, never the engine-facing session (which
 * could be closed, or made to start telemetry or an audit). Checked on the class files, so without a GPU; the
 * GPU test checks what {@code unwrap} hands out.
 */
class CudaFacadeTest {

  @Test
  void theSessionIsNotPublicAndNotInTheUsersPackage() throws Exception {
    Class<?> session = Class.forName("io.gpubench.cuda.internal.backend.CudaBackendSession");
    assertThat(Modifier.isPublic(session.getModifiers())).isFalse();
    assertThat(Modifier.isPublic(Cuda.class.getModifiers())).isTrue();
  }

  @Test
  void theFacadeOffersTheDeviceStreamKernelsMatmulAddressesAndMemoryAndNothingOfTheEngines() {
    Set<String> methods = Arrays.stream(Cuda.class.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()))
        .map(Method::getName)
        .collect(Collectors.toSet());
    assertThat(methods).containsExactlyInAnyOrder("device", "stream", "tensor", "address", "kernel", "matmul",
        "allocate", "toHost", "synchronize", "toString");
    for (Method m : Cuda.class.getDeclaredMethods()) {
      assertThat(m.getReturnType()).as(m.toString())
          .isNotIn(CaseResources.class, DeviceRuntime.class, BackendSession.class, TelemetryRecorder.class,
              TrialClock.class, KernelAuditor.class);
    }
    assertThat(AutoCloseable.class.isAssignableFrom(Cuda.class)).isFalse();
    assertThat(Cuda.class.getConstructors()).as("made by the case's resources only").isEmpty();
  }
}
