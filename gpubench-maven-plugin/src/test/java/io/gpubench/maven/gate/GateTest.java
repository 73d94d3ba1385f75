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
import io.gpubench.maven.verdict.SampleComparator;
import io.gpubench.results.ResultsFile;
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
      gemm(256, Precision.FP32, "cpu", Arrays.stream(times).map(v -> v * 1.3).toArray()));

  @Test
  void aRunWithinItsLimitsAndNoBaselinePassesWithANote() {
    Path results = write(before);
    Gate.Report r = gate(results, List.of(new Limit("median", null, "2ms")), false).run();
    assertThat(r.violations()).isEmpty();
    assertThat(r.notes()).singleElement().asString().startsWith("no baseline " + dir.resolve("baseline.json"));
    assertThat(r.markdown()).startsWith("## gpubench gate: passed\n\nResults `" + results
        + "`: cases: 1 (1 passed); limits checked: 1.\n");
  }

  @Test
  void aRegressionAgainstTheBaselineIsTabledAndFails() {
    BaselineFile.write(BaselineSet.empty().with(BaselineRecorder.record(before).baseline(), false),
        dir.resolve("baseline.json"));
    Gate.Report r = gate(write(after), List.of(), false).run();
    assertThat(r.violations()).extracting(Violation::message).singleElement().asString().contains("SLOWER");
    assertThat(r.markdown())
        .contains("## gpubench gate: FAILED")
        .contains("| Case | Baseline median time | Current median time | Change | p | Verdict |")
        .contains("| `" + Fixtures.gemmId(256, Precision.FP32, "cpu") + "` | 995 us | 1.29 ms | +30.0% |")
        .contains("| **SLOWER** |")
        .contains("geomean time ratio 1.300 (+30.0%, n=1)")
        .contains("### 1 violation");
  }

  @Test
  void aMissingResultsFileIsNamed() {
    Path results = dir.resolve("target/gpubench/results.json");
    assertThatThrownBy(() -> gate(results, List.of(), false).run())
        .isInstanceOf(ResultsFile.InvalidResultsException.class).hasMessage(results + " no such file");
  }

  @Test
  void aForeignResultsFileIsNamedWithItsSchema() throws Exception {
    Path results = Files.writeString(dir.resolve("results.json"), "{\"schema\": \"jmh/1\"}");
    assertThatThrownBy(() -> gate(results, List.of(), false).run())
        .hasMessage(results + " has schema \"jmh/1\"; this version reads \"gpubench-results/2\"");
  }

  @Test
  void aCorruptBaselineIsNamed() throws Exception {
    Files.writeString(dir.resolve("baseline.json"), "not json");
    assertThatThrownBy(() -> gate(write(after), List.of(), false).run())
        .isInstanceOf(InvalidBaselineException.class)
        .hasMessageStartingWith("baseline " + dir.resolve("baseline.json") + " is not valid JSON");
  }

  @Test
  void aMissingBaselineFailsWhenConfiguredTo() {
    Gate.Report r = gate(write(before), List.of(), true).run();
    assertThat(r.violations()).extracting(Violation::message).singleElement().asString()
        .startsWith("baseline " + dir.resolve("baseline.json") + " does not exist");
  }

  @Test
  void ruleViolationsAndRegressionsAreListedTogether() {
    BaselineFile.write(BaselineSet.empty().with(BaselineRecorder.record(before).baseline(), false),
        dir.resolve("baseline.json"));
    Gate.Report r = gate(write(after), List.of(new Limit("median", null, "1ms")), false).run();
    assertThat(r.violations()).extracting(Violation::message)
        .anySatisfy(m -> assertThat(m).contains("median 1.29 ms is above the maximum of 1.00 ms"))
        .anySatisfy(m -> assertThat(m).contains("SLOWER than the baseline"));
    assertThat(r.markdown()).contains("### 2 violations");
  }

  private Gate gate(Path results, List<Limit> limits, boolean failOnMissingBaseline) {
    List<Rule> rules = limits.isEmpty() ? List.of() : List.of(new Rule("GemmBenchmark", limits));
    return new Gate(results, Bounds.compile(rules), dir.resolve("baseline.json"), failOnMissingBaseline,
        new RegressionCheck(new SampleComparator(0.05, 0.05), ComparedFigure.TIME, EnvironmentPolicy.FAIL,
            List.of(), true, false, null));
  }

  private Path write(RunResult run) {
    Path file = dir.resolve("results.json");
    ResultsFile.write(run, file);
    return file;
  }
}
