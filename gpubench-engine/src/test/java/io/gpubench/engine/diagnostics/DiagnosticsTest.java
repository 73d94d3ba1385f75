package io.gpubench.engine.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.spi.BackendSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticsTest {

  static String run(List<String> required, int[] status) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    status[0] = Diagnostics.run(new PrintStream(bytes, true, StandardCharsets.UTF_8), required, BackendSettings.none(),
        DiagnosticsTest.class.getClassLoader());
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void listsTheCpuBackendWithItsProviderAndPrecisions() {
    int[] status = new int[1];
    String out = run(List.of("cpu"), status);
    assertThat(out).contains("ServiceLoader<io.gpubench.api.spi.BackendProvider>")
        .containsPattern("provider \\S*CpuBackendProvider")
        .containsPattern("  cpu +available")
        .contains("precisions: ")
        .containsPattern("\\d+ backend\\(s\\), \\d+ available");
    assertThat(status[0]).isZero();
  }

  @Test
  void aRequiredFamilyThatIsMissingGivesStatusTwo() {
    int[] status = new int[1];
    String out = run(List.of("no-such-family"), status);
    assertThat(out).contains("required backend 'no-such-family' is not available here");
    assertThat(status[0]).isEqualTo(2);
  }
}
