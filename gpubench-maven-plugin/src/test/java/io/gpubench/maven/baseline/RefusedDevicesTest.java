package io.gpubench.maven.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.Flag;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class RefusedDevicesTest {

  @Test
  void aRefusalSpeaksOfTheDeviceItIsAboutFromTheFlagCodes() {
    assertThat(RefusedDevices.describe(Set.of(Flag.CONTENDED))).isEqualTo("a contended CPU core");
    assertThat(RefusedDevices.remedy(Set.of(Flag.CONTENDED))).isEqualTo("nothing else loads the CPU");
    assertThat(RefusedDevices.describe(List.of(Flag.THROTTLED, Flag.SHARED)))
        .isEqualTo("a throttled GPU or a GPU shared with another process");
    assertThat(RefusedDevices.remedy(Set.of(Flag.SHARED))).startsWith("the GPU is quiet");
    assertThat(RefusedDevices.remedy(Set.of(Flag.SHARED, Flag.CONTENDED))).isEqualTo("the GPU and the CPU are quiet");
    assertThat(RefusedDevices.describe(Set.of())).isEqualTo("a device in an unknown state");
  }

  @Test
  void theRecorderNamesTheRefusedCasesDeviceStatesByCode() {
    var c = io.gpubench.maven.Fixtures.flagged(io.gpubench.maven.Fixtures.gemm(256, io.gpubench.api.Precision.FP16,
        "cuda:0", io.gpubench.maven.Fixtures.normal(1, 20, 1e6, 1e4)), false, true);
    var rec = BaselineRecorder.record(List.of(io.gpubench.maven.Fixtures.run(
        io.gpubench.maven.Fixtures.gpuMachine("NVIDIA H200", "550.54"), c)), false);
    assertThat(rec.refusedFlags()).containsExactly(Flag.SHARED);
    assertThat(RefusedDevices.describe(rec.refusedFlags())).isEqualTo("a GPU shared with another process");
  }
}
