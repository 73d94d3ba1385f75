package io.gpubench.maven.gate;

import static io.gpubench.maven.Fixtures.gemm;
import static io.gpubench.maven.Fixtures.normal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.Fixtures;
import io.gpubench.maven.baseline.BaselineFile;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.InvalidBaselineException;
import io.gpubench.maven.rules.Bounds;
import io.gpubench.maven.rules.Limit;
import io.gpubench.maven.rules.Rule;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.compare.CaseComparator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class GateTest {

  @TempDir Path dir;

  private final double[] times = normal(1, 30, 1e6, 1e4);
  private final RunResult before = Fixtures.run(Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu", times));
  private final RunResult after = Fixtures.run(Fixtures.cpuMachine(),
      gemm(256, Precision.FP32, "cpu", Arrays.stream(times).map(v -> v * 2.0).toArray()));

  @Test
  void aRunWithinItsLimitsAndNoBaselinePassesWithANote() {
    BuildRuns build = build(before, null);
    Gate.Report r = gate(build, List.of(new Limit("median", null, "2ms")), false).run();
    assertThat(r.violations()).isEmpty();
    assertThat(r.notes()).singleElement().asString().startsWith("no baseline " + dir.resolve("baseline.json"));
    assertThat(r.markdown()).startsWith("## gpubench gate: passed\n\nResults `" + dir.resolve("results.json")
        + "`: cases: 1 (1 passed); limits checked: 1.\n");
  }

  @Test
  void aRegressionAgainstTheBaselineIsTabledAndFails() {
    recordBaseline(before);
    Gate.Report r = gate(build(after, null), List.of(), false).run();
    assertThat(r.violations()).extracting(Violation::message).singleElement().asString().contains("SLOWER");
    assertThat(r.markdown())
        .contains("## gpubench gate: FAILED")
        .contains("| Case | Baseline median time | Current median time | Change (interval) | Runs | Verdict |")
        .contains("| `" + Fixtures.gemmId(256, Precision.FP32, "cpu") + "` | 995.5 µs | 1.991 ms | +100.0% (+")
        .contains("| 1 / 1 | **SLOWER (provisional)** |")
        .contains("geomean time ratio 2.000 (+100.0%, n=1)")
        .contains("1 verdict is provisional: one baseline run and one run of this build")
        .contains("**Why**")
        .contains("### 1 violation");
  }

  @Test
  void anIncompleteRunIsAViolationOrANoteNeverSilent() {
    BuildRuns killed = build(before, "it has no end line: the run was killed or its process died after 1 of 3 "
        + "planned cases");
    Gate.Report failing = gate(killed, List.of(), false).run();
    assertThat(failing.violations()).extracting(Violation::message).singleElement().asString()
        .isEqualTo("run run-1 (" + dir.resolve("results.json") + ") is incomplete: it has no end line: the run was "
            + "killed or its process died after 1 of 3 planned cases; its 1 recorded cases are judged, the other 2 "
            + "planned cases are not (rerun the benchmarks, or set failOnIncomplete to false to judge what was "
            + "recorded)");
    assertThat(failing.markdown()).contains("**Incomplete run** `run-1`: it has no end line");
    Gate lenient = new Gate(killed, List.of(), dir.resolve("baseline.json"), false, false, true, regression());
    Gate.Report noted = lenient.run();
    assertThat(noted.violations()).isEmpty();
    assertThat(noted.notes()).anySatisfy(n -> assertThat(n).contains("is incomplete").endsWith(
        "(failOnIncomplete=false)"));
  }

  @Test
  void aCaseThisBuildFailedOrCouldNotRunFailsTheGateEvenWhenSurefireIgnoredIt() {
    io.gpubench.api.result.CaseResult invalid = new io.gpubench.api.result.CaseResult("io.x.Broken#invalid @Shape",
        "io.x.Broken", "invalid @Shape", "invalid @Shape", null, null, java.util.Map.of(),
        io.gpubench.api.result.CaseStatus.ERROR, "io.x.Broken @Shape: malformed \"m=\"", null, null, null, null, null,
        java.util.Map.of(), null, null, null);
    RunResult run = Fixtures.run(Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu", times), invalid);
    Gate.Report r = gate(build(run, null), List.of(), false).run();
    assertThat(r.violations()).extracting(Violation::message).singleElement().asString()
        .isEqualTo("io.x.Broken#invalid @Shape: ERROR in this build: io.x.Broken @Shape: malformed \"m=\" (fix it, or "
            + "set failOnNotPassed to false to judge the other cases only)");
  }

  @Test
  void anIncompleteRunNamesTheCasesItDidNotJudgeTheRunningOneFirst() {
    BuildRuns killed = new BuildRuns(List.of(new BuildRuns.Judged(before, dir.resolve("j.jsonl"), "it has no end "
        + "line", 3, List.of("io.x.A#b[2]", "io.x.A#b[3]"), List.of("io.x.A#b[2]"))), List.of());
    Gate.Report r = gate(killed, List.of(), false).run();
    assertThat(r.violations()).extracting(Violation::message).singleElement().asString()
        .contains("the other 2 planned cases are not: io.x.A#b[2] (running when the run ended), io.x.A#b[3] (rerun");
  }

  @Test
  void aCorruptBaselineIsNamed() throws Exception {
    Files.writeString(dir.resolve("baseline.json"), "not json");
    assertThatThrownBy(() -> gate(build(after, null), List.of(), false).run())
        .isInstanceOf(InvalidBaselineException.class)
        .hasMessageStartingWith("baseline " + dir.resolve("baseline.json") + " is not valid JSON");
  }

  @Test
  void aMissingBaselineFailsWhenNamedOrConfiguredTo() {
    Gate.Report r = gate(build(before, null), List.of(), true).run();
    assertThat(r.violations()).extracting(Violation::message).singleElement().asString()
        .startsWith("baseline " + dir.resolve("baseline.json") + " does not exist: nothing could be compared. "
            + "Record it with mvn verify gpubench:baseline");
  }

  @Test
  void aNamedBaselineThatHoldsNoEnvironmentOrNoCaseOfThisBuildFailsInsteadOfComparingNothing() throws Exception {
    Files.createDirectories(dir);
    BaselineFile.write(BaselineSet.empty(), dir.resolve("baseline.json"));
    Gate.Report empty = gate(build(before, null), List.of(), true).run();
    assertThat(empty.violations()).extracting(Violation::message).singleElement().asString()
        .startsWith("baseline " + dir.resolve("baseline.json") + " was named but compared nothing: ")
        .contains("holds no environment yet");

    RunResult other = Fixtures.run(Fixtures.cpuMachine(), gemm(512, Precision.FP32, "cpu", times));
    recordBaseline(other);
    Gate.Report disjoint = gate(build(before, null), List.of(), true).run();
    assertThat(disjoint.violations()).extracting(Violation::message).singleElement().asString()
        .contains("was named but compared nothing: it shares no passed case with this build");

    Gate.Report unnamed = gate(build(before, null), List.of(), false).run();
    assertThat(unnamed.violations()).as("an unnamed default baseline compares what it can").isEmpty();
  }

  @Test
  void ruleViolationsAndRegressionsAreListedTogether() {
    recordBaseline(before);
    Gate.Report r = gate(build(after, null), List.of(new Limit("median", null, "1ms")), false).run();
    assertThat(r.violations()).extracting(Violation::message)
        .anySatisfy(m -> assertThat(m).contains("median 1.991 ms is above the maximum of 1 ms"))
        .anySatisfy(m -> assertThat(m).contains("SLOWER than the baseline"));
    assertThat(r.markdown()).contains("### 2 violations");
  }

  private void recordBaseline(RunResult run) {
    BaselineFile.write(BaselineSet.empty().with(BaselineRecorder.record(List.of(run), false).baseline(), false, 10),
        dir.resolve("baseline.json"));
  }

  private BuildRuns build(RunResult run, String incomplete) {
    return new BuildRuns(List.of(new BuildRuns.Judged(run, dir.resolve("results.json"), incomplete,
        incomplete == null ? -1 : 3)), List.of());
  }

  private Gate gate(BuildRuns build, List<Limit> limits, boolean baselineRequired) {
    List<Rule> rules = limits.isEmpty() ? List.of() : List.of(new Rule("GemmBenchmark", limits));
    return new Gate(build, Bounds.compile(rules), dir.resolve("baseline.json"), baselineRequired, true, true,
        regression());
  }

  private static RegressionCheck regression() {
    return new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), true,
        false, null);
  }
}
