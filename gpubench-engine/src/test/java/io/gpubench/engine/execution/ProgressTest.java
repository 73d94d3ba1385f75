package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Progress lines come by time, not per case: the first, every case that did not pass, the last. */
class ProgressTest {

  private static CaseResult result(int i, CaseStatus status) {
    return new CaseResult("a.B#w[i=" + i + "][FP32][cpu]", "a.B", "w", "w [" + i + ", FP32, cpu]",
        BackendId.parse("cpu"), Precision.FP32, Map.of("i", (long) i), status, null, null, null, null, null, null,
        Map.of());
  }

  private static String run(double intervalSeconds, int cases, int failing) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = new Progress(cases, new PrintStream(bytes, true, StandardCharsets.UTF_8), intervalSeconds);
    for (int i = 1; i <= cases; i++) {
      p.starting("a.B#w[i=" + i + "][FP32][cpu]");
      p.finished(result(i, i == failing ? CaseStatus.FAILED : CaseStatus.PASSED));
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aThousandQuickCasesPrintTheFirstTheFailedAndTheLast() {
    // an hour between lines: no case of this test waits that long
    String out = run(3600, 1000, 500);
    assertThat(out.lines()).hasSize(3);
    assertThat(out.lines().toList().get(0)).startsWith("gpubench [1/1000] w [1, FP32, cpu] PASSED");
    assertThat(out.lines().toList().get(1)).startsWith("gpubench [500/1000] w [500, FP32, cpu] FAILED");
    assertThat(out.lines().toList().get(2)).startsWith("gpubench [1000/1000] w [1000, FP32, cpu] PASSED")
        .contains("done");
  }

  @Test
  void anIntervalOfZeroPrintsEveryCase() {
    assertThat(run(0, 7, 0).lines()).hasSize(7);
  }
}
