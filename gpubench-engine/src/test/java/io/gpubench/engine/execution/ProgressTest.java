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

  /**
   * The lines of a planned run of passed cases, a line per case.
   *
   * @param cases how many
   * @param budgetSeconds each case's declared budget
   * @param gapNanos the engine's time before each case starts
   * @param caseNanos case i's own time (from 1)
   */
  private static java.util.List<String> planned(int cases, double budgetSeconds, long gapNanos,
      java.util.function.IntToLongFunction caseNanos) {
    java.util.Map<String, Double> budgets = new java.util.HashMap<>();
    for (int i = 1; i <= cases; i++) {
      budgets.put("a.B#w[i=" + i + "][FP32][cpu]", budgetSeconds);
    }
    long[] now = {0};
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = new Progress(cases, new PrintStream(bytes, true, StandardCharsets.UTF_8), 0, budgets, () -> now[0]);
    for (int i = 1; i <= cases; i++) {
      now[0] += gapNanos;
      p.starting("a.B#w[i=" + i + "][FP32][cpu]");
      now[0] += caseNanos.applyAsLong(i);
      p.finished(result(i, CaseStatus.PASSED));
    }
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void theFirstEstimateComesFromThePlannedBudgetsNotFromTheFirstCasesWarmUp() {
    // 20 cases with 2 s of declared budget each; the first takes 18 s (its JIT warm-up), the others 2 s each.
    java.util.List<String> lines = planned(20, 2.0, 0, i -> (i == 1 ? 18 : 2) * 1_000_000_000L);
    // From the first case alone, 19 cases left would read 19 x 18 s = 342 s; the plan, counted as two cases at their
    // budgets, outvotes it: the median share of {1, 1, 9} is 1, so 38 s of budgets left read 38 s.
    assertThat(lines.get(0)).endsWith("(elapsed 18 s, about 38 s left)");
    // Half-way, the run has kept to its budgets but for the first case: 20 s.
    assertThat(lines.get(9)).endsWith("(elapsed 36 s, about 20 s left)");
    assertThat(lines.get(19)).endsWith("done)");
  }

  @Test
  void casesFarQuickerThanTheirBudgetsAreEstimatedByWhatTheyTook() {
    // 1,000 cases of 5 s of budget each: the first takes 2.7 s (two workers started), the others 7 ms, and the engine
    // 1.5 ms between cases. The plan's prior reads 5 s a case only until cases outvote it.
    java.util.List<String> lines = planned(1000, 5.0, 1_500_000L, i -> i == 1 ? 2_700_000_000L : 7_000_000L);
    // after 5 cases the median share is 7 ms of 5 s: 995 x 7 ms x (elapsed over the cases' own time, 1.003)
    assertThat(lines.get(4)).endsWith("about 6.984 s left)");
    // at 736, 264 cases of 8.5 ms are left (2.2 s); the old prior, half the run's budget, read 537 s
    assertThat(lines.get(735)).contains("about 2.");
    assertThat(lines.get(999)).endsWith("done)");
  }

  @Test
  void casesThePlanSkipsAddNothingToTheEstimate() {
    PlannedTime plan = new PlannedTime(java.util.Map.of("run", 10.0, "skipped", 0.0));
    plan.finished("skipped", 0);
    assertThat(plan.secondsLeft(0)).isEqualTo(10.0);
    plan.finished("run", 12);
    assertThat(plan.secondsLeft(12)).isZero();
    assertThat(new PlannedTime(java.util.Map.of("skipped", 0.0)).known()).isFalse();
  }

  @Test
  void anIntervalOfZeroPrintsEveryCase() {
    assertThat(run(0, 7, 0).lines()).hasSize(7);
  }
}
