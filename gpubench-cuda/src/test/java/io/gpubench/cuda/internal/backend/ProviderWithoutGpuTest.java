package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The provider is found through ServiceLoader and never throws: on a machine without a GPU it gives one
 * unavailable {@code cuda:0} with the reason; on a GPU machine, one available backend per device.
 */
class ProviderWithoutGpuTest {

  @Test
  void registeredForServiceLoader() {
    assertThat(ServiceLoader.load(BackendProvider.class).stream().map(ServiceLoader.Provider::type))
        .contains(CudaBackendProvider.class);
  }

  @Test
  void eachBackendIsAvailableOrSaysWhyNot() {
    List<Backend> backends = new CudaBackendProvider().backends(BackendSettings.none());
    assertThat(backends).isNotEmpty();
    for (Backend b : backends) {
      assertThat(b.id().family()).isEqualTo("cuda");
      assertThat(b.id().index()).isNotNegative();
      if (b.unavailableReason().isPresent()) {
        assertThat(b.unavailableReason().get()).isNotBlank();
        assertThat(b.describe().available()).isFalse();
        assertThat(b.unsupported(Precision.FP32)).isPresent();
        assertThat(b.peaks()).isEmpty();
        assertThatThrownBy(() -> b.open(new SessionSpec("x", Precision.FP32, CacheMode.HOT, 20)))
            .hasMessageContaining("unavailable");
      } else {
        assertThat(b.describe().available()).isTrue();
        assertThat(b.describe().properties()).containsKeys("computeCapability", "multiprocessors", "l2CacheBytes");
      }
    }
  }

  @Test
  void unavailableWhenLibcudaIsMissingSaysSo() {
    List<Backend> backends = new CudaBackendProvider().backends(BackendSettings.none());
    io.gpubench.cuda.internal.jna.CudaLibs.cudaFailure().ifPresent(reason -> {
      assertThat(backends).hasSize(1);
      assertThat(backends.get(0).id()).hasToString("cuda:0");
      assertThat(backends.get(0).unavailableReason()).hasValueSatisfying(r -> assertThat(r).startsWith("no CUDA driver"));
    });
  }
}
