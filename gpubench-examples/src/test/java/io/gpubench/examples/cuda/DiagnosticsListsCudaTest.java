package io.gpubench.examples.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.spi.BackendSettings;
import io.gpubench.engine.diagnostics.Diagnostics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** With gpubench-cuda on the classpath, the diagnostic listing shows cuda:0, available or with the reason. */
class DiagnosticsListsCudaTest {

  @Test
  void cudaIsListedWithItsStateOrItsReason() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status = Diagnostics.run(new PrintStream(bytes, true, StandardCharsets.UTF_8), List.of(),
        BackendSettings.none(), getClass().getClassLoader());
    String out = bytes.toString(StandardCharsets.UTF_8);
    System.out.println(out);
    assertThat(status).isZero();
    assertThat(out).containsPattern("provider \\S*CudaBackendProvider");
    assertThat(out).containsPattern("  cuda:0 +(available +NVIDIA|UNAVAILABLE +\\S)");
  }
}
