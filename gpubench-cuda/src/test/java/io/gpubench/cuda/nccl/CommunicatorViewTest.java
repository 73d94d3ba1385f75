package io.gpubench.cuda.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What benchmark code gets of its world ({@code ctx.unwrap(Communicator.class)}): collectives and a wait, never the
 * lifecycle, which stays with whoever joined (the CUDA backend in the engine's worlds). Checked on the class files,
 * so without a GPU; {@code CommunicatorGpuTest} checks what a session hands out.
 */
class CommunicatorViewTest {

  @Test
  void theViewCannotJoinCloseOrAbort() {
    Set<String> methods = Arrays.stream(Communicator.class.getMethods())
        .filter(m -> m.getDeclaringClass() == Communicator.class)
        .map(Method::getName)
        .collect(Collectors.toSet());
    assertThat(methods).containsExactlyInAnyOrder("rank", "size", "device", "address", "fault", "allReduce",
        "allGather", "reduceScatter", "broadcast", "send", "recv", "checkAsyncError", "await", "toString");
    assertThat(AutoCloseable.class.isAssignableFrom(Communicator.class)).isFalse();
    assertThat(Communicator.class.getConstructors()).as("made by its membership only").isEmpty();
    for (Method m : Communicator.class.getMethods()) {
      assertThat(m.getReturnType()).as(m.toString()).isNotEqualTo(Membership.class);
    }
  }

  @Test
  void theLifecycleIsTheMembershipsAndItHandsOutTheView() throws Exception {
    assertThat(AutoCloseable.class.isAssignableFrom(Membership.class)).isTrue();
    assertThat(Modifier.isStatic(Membership.class.getMethod("join", UniqueId.class, int.class, int.class,
        io.gpubench.cuda.CudaDevice.class).getModifiers())).isTrue();
    assertThat(Membership.class.getMethod("abort")).isNotNull();
    assertThat(Membership.class.getMethod("communicator").getReturnType()).isEqualTo(Communicator.class);
    assertThat(Membership.class.getConstructors()).isEmpty();
  }
}
