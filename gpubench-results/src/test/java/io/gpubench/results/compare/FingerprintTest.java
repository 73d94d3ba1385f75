package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.BackendId;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class FingerprintTest {

  @Test
  void theKeyNamesTheAvailableHardwareAndTheCpuModelForTheCpuBackend() {
    Fingerprint fp = Fingerprint.of(environment(List.of(
        new DeviceInfo(BackendId.parse("cuda:1"), "NVIDIA H200", true, null, Map.of("driver", "550.54", "smCount", "132")),
        new DeviceInfo(BackendId.parse("cpu"), "cpu", true, null, Map.of()),
        new DeviceInfo(BackendId.parse("cuda:0"), "NVIDIA H200", true, null, Map.of("driver", "550.54")),
        new DeviceInfo(BackendId.parse("rocm"), "MI300", false, "no ROCm", Map.of("driverVersion", "1"))),
        Map.of("cuda", "12.8")));
    assertThat(fp.key()).isEqualTo("cpu: AMD EPYC 7B13 + cuda: NVIDIA H200");
    assertThat(fp.details()).containsOnly(Map.entry("NVIDIA H200 driver", "550.54"), Map.entry("library cuda", "12.8"));
  }

  @Test
  void differencesNameTheSoftwareThatChanged() {
    Fingerprint now = Fingerprint.of(gpuMachine("NVIDIA H200", "560.10"));
    Map<String, String> then = Fingerprint.of(gpuMachine("NVIDIA H200", "550.54")).details();
    assertThat(now.differencesFrom(then)).containsExactly("NVIDIA H200 driver: 550.54 -> 560.10");
    assertThat(now.differencesFrom(now.details())).isEmpty();
  }

  @Test
  void ignoredDetailsMatchByNameWithWildcards() {
    Fingerprint now = Fingerprint.of(environment(List.of(), Map.of("jackson-databind", "3.4", "djl", "0.37")));
    Map<String, String> then = Map.of("library jackson-databind", "3.3", "library djl", "0.36");
    assertThat(now.differencesFrom(then, List.of("library jackson*")))
        .containsExactly("library djl: 0.36 -> 0.37");
    assertThat(now.differencesFrom(then, List.of(" library * "))).isEmpty();
  }

  @Test
  void aVersionOnlyOneSideRecordsIsNotADifference() {
    Fingerprint now = Fingerprint.of(environment(List.of(), Map.of("djl", "0.36.0", "pytorch", "2.7.1")));
    assertThat(now.differencesFrom(Map.of("library djl", "0.36.0", "library cublas", "12"))).isEmpty();
    assertThat(now.key()).isEqualTo("cpu: AMD EPYC 7B13");
  }

  private static Environment gpuMachine(String gpu, String driver) {
    return environment(List.of(
        new DeviceInfo(BackendId.parse("cpu"), "cpu", true, null, Map.of()),
        new DeviceInfo(BackendId.parse("cuda:0"), gpu, true, null, Map.of("driver", driver, "smCount", "132"))),
        Map.of("djl", "0.36.0"));
  }

  private static Environment environment(List<DeviceInfo> devices, Map<String, String> libraries) {
    return new Environment("host", "Linux 6", "amd64", "AMD EPYC 7B13", 16, 1L << 34, "OpenJDK 17", "0.1.0",
        "abc123", libraries, devices, Map.of());
  }
}
