package io.gpubench.maven.verdict;

import static io.gpubench.maven.Fixtures.gemm;
import static io.gpubench.maven.Fixtures.normal;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.Fixtures;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.rules.Violation;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class RegressionCheckTest {

  private static final SampleComparator FIVE_PERCENT = new SampleComparator(0.05, 0.05);
  private final double[] small = normal(1, 30, 1e6, 1e4);
  private final double[] large = normal(2, 30, 4e6, 4e4);

  private final BaselineSet h200 = baseline(Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
      gemm(256, Precision.FP16, "cpu", small), gemm(512, Precision.FP16, "cpu", large)));

  @Test
  void aSlowerCaseIsAViolationNamingCaseTimesAndEffect() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.2)), gemm(512, Precision.FP16, "cpu", large));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(now, h200, "b.json");
    assertThat(out.comparisons()).extracting(cc -> cc.comparison().verdict())
        .containsExactly(Verdict.SLOWER, Verdict.SAME);
    assertThat(out.violations()).singleElement().extracting(Violation::message).asString()
        .startsWith(Fixtures.gemmId(256, Precision.FP16, "cpu") + ": SLOWER than the baseline: median time 1.19 ms"
            + " is +20.0% against the baseline's 995 us, beyond the minimum effect of 5.0% (rank test p=");
    assertThat(out.geomean().ratio()).isBetween(1.08, 1.11);
  }

  @Test
  void regressionsCanBeReportedWithoutFailing() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.2)));
    RegressionCheck lenient =
        new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), false, false, null);
    RegressionCheck.Outcome out = lenient.check(now, h200, "b.json");
    assertThat(out.violations()).isEmpty();
    assertThat(out.comparisons().get(0).comparison().verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(out.absent()).containsExactly(Fixtures.gemmId(512, Precision.FP16, "cpu"));
  }

  @Test
  void theGeomeanLimitCatchesASpreadSlowdownNoSingleCaseShows() {
    // Every case 4% slower: below the 5% per-case effect, above a 3% geomean limit.
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.04)), gemm(512, Precision.FP16, "cpu", scaled(large, 1.04)));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, 0.03).check(now, h200, "b.json");
    assertThat(out.comparisons()).noneMatch(cc -> cc.comparison().verdict() == Verdict.SLOWER);
    assertThat(out.violations()).singleElement().extracting(Violation::message).asString()
        .startsWith("geomean of median time ratios over 2 cases is 1.04").endsWith("above the maximum of 3.0%");
  }

  @Test
  void anotherDriverIsRefusedOrWarnedAboutByConfiguration() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "560.10"), gemm(256, Precision.FP16, "cpu", small));
    RegressionCheck.Outcome refused = check(EnvironmentPolicy.FAIL, null).check(now, h200, "b.json");
    assertThat(refused.comparisons()).isEmpty();
    assertThat(refused.violations()).singleElement().extracting(Violation::message).asString()
        .contains("baseline b.json for 'cpu: AMD EPYC 7B13 + cuda: NVIDIA H200' was recorded with other software: "
            + "NVIDIA H200 driver: 550.54 -> 560.10");

    RegressionCheck.Outcome warned = check(EnvironmentPolicy.WARN, null).check(now, h200, "b.json");
    assertThat(warned.violations()).isEmpty();
    assertThat(warned.warnings()).singleElement().asString().contains("driver: 550.54 -> 560.10");
    assertThat(warned.comparisons()).singleElement().extracting(cc -> cc.comparison().verdict())
        .isEqualTo(Verdict.SAME);
  }

  @Test
  void detailsTheUserIgnoresAreNoDifference() {
    RunResult now = Fixtures.run(Fixtures.environment(Fixtures.gpuMachine("NVIDIA H200", "550.54").devices(),
        Map.of("djl", "0.36.0", "jackson-databind", "3.4.0")), gemm(256, Precision.FP16, "cpu", small));
    BaselineSet base = baseline(Fixtures.run(Fixtures.environment(Fixtures.gpuMachine("NVIDIA H200", "550.54")
        .devices(), Map.of("djl", "0.36.0", "jackson-databind", "3.3.0")), gemm(256, Precision.FP16, "cpu", small)));
    assertThat(check(EnvironmentPolicy.FAIL, null).check(now, base, "b").violations()).singleElement()
        .extracting(Violation::message).asString().contains("library jackson-databind: 3.3.0 -> 3.4.0");
    RegressionCheck ignoring = new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of("library jackson*"), true, false, null);
    assertThat(ignoring.check(now, base, "b").violations()).isEmpty();
  }

  @Test
  void anotherGpuIsRefusedOrComparedWithAWarning() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA A100", "550.54"), gemm(256, Precision.FP16, "cpu", small));
    RegressionCheck.Outcome refused = check(EnvironmentPolicy.FAIL, null).check(now, h200, "b.json");
    assertThat(refused.violations()).singleElement().extracting(Violation::message).asString()
        .isEqualTo("baseline b.json has no environment 'cpu: AMD EPYC 7B13 + cuda: NVIDIA A100' (it holds "
            + "'cpu: AMD EPYC 7B13 + cuda: NVIDIA H200'); record one on this machine with gpubench:baseline, "
            + "or set environmentMismatch to WARN");
    RegressionCheck.Outcome warned = check(EnvironmentPolicy.WARN, null).check(now, h200, "b.json");
    assertThat(warned.baselineEnvironment()).isEqualTo("cpu: AMD EPYC 7B13 + cuda: NVIDIA H200");
    assertThat(warned.comparisons()).hasSize(1);
  }

  @Test
  void samplesFromAnotherClockAreNotComparedAsIfTheyWereTheSame() {
    CaseResult device = gemm(256, Precision.FP16, "cpu", small);
    device = new CaseResult(device.id(), device.benchmark(), device.workload(), device.displayName(), BackendId.parse("cuda:0"),
        device.precision(), device.shape(), device.status(), null, Fixtures.timing(small, true), null, null, null,
        null, null);
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), device);
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(now, h200, "b.json");
    assertThat(out.comparisons()).singleElement().satisfies(cc -> {
      assertThat(cc.comparison().verdict()).isEqualTo(Verdict.AMBIGUOUS);
      assertThat(cc.comparison().reason()).isEqualTo("clocks differ: baseline host, current device");
    });
    assertThat(out.geomean().cases()).isZero();
  }

  @Test
  void ambiguityFailsOnlyWhenAskedTo() {
    double[] noisy = normal(9, 5, 1e6, 8e5);
    BaselineSet base = baseline(Fixtures.run(Fixtures.cpuMachine(), gemm(256, Precision.FP16, "cpu", noisy)));
    RunResult now = Fixtures.run(Fixtures.cpuMachine(), gemm(256, Precision.FP16, "cpu", normal(10, 5, 1e6, 8e5)));
    assertThat(check(EnvironmentPolicy.FAIL, null).check(now, base, "b").violations()).isEmpty();
    RegressionCheck strict =
        new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), true, true, null);
    assertThat(strict.check(now, base, "b").violations()).singleElement().extracting(Violation::message).asString()
        .contains("AMBIGUOUS against the baseline");
  }

  @Test
  void comparedByARateARiseInTimeIsAFallInRateAndStillSlower() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.25)), gemm(512, Precision.FP16, "cpu", scaled(large, 1.04)));
    ComparedFigure flops = ComparedFigure.parse("flopsPerSecond");
    RegressionCheck byRate =
        new RegressionCheck(FIVE_PERCENT, flops, EnvironmentPolicy.FAIL, List.of(), true, false, 0.03);
    RegressionCheck.Outcome out = byRate.check(now, h200, "b.json");
    assertThat(out.figure()).isEqualTo(flops);
    assertThat(out.comparisons()).extracting(cc -> cc.comparison().verdict())
        .containsExactly(Verdict.SLOWER, Verdict.SAME);
    assertThat(out.comparisons().get(0).comparison().change()).isBetween(-0.21, -0.19);
    assertThat(out.violations()).extracting(Violation::message)
        .anySatisfy(m -> assertThat(m).contains(": SLOWER than the baseline: median flopsPerSecond 27.0 G/s is -20.0%"
            + " against the baseline's 33.7 G/s"))
        // The geomean slowdown is in time whichever figure is compared: rates 0.8 and 1/1.04 are a 14% slowdown.
        .anySatisfy(m -> assertThat(m).contains("geomean of median flopsPerSecond ratios over 2 cases is 0.87")
            .contains("a slowdown of 14."));
  }

  @Test
  void aRateNeedsTheCaseToDeclareItsWork() {
    CaseResult noCost = gemm(256, Precision.FP16, "cpu", small);
    noCost = new CaseResult(noCost.id(), noCost.benchmark(), noCost.workload(), noCost.displayName(), BackendId.parse("cpu"),
        noCost.precision(), noCost.shape(), noCost.status(), null, noCost.timing(), null, null, null, null, null);
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), noCost);
    RegressionCheck byItems = new RegressionCheck(FIVE_PERCENT, ComparedFigure.parse("itemsPerSecond"),
        EnvironmentPolicy.FAIL, List.of(), true, false, null);
    assertThat(byItems.check(now, h200, "b.json").comparisons()).singleElement().satisfies(cc -> {
      assertThat(cc.compared()).isFalse();
      assertThat(cc.comparison().verdict()).isEqualTo(Verdict.AMBIGUOUS);
      assertThat(cc.comparison().reason()).isEqualTo("no itemsPerSecond: the case declares no such work per call");
    });
  }

  @Test
  void anUnknownComparisonFigureIsNamedWithTheChoices() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ComparedFigure.parse("p99"))
        .hasMessage("cannot compare by 'p99' (choose time, itemsPerSecond, flopsPerSecond, bytesPerSecond or "
            + "busBytesPerSecond)");
  }

  @Test
  void newCasesAreListedNotFailed() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(1024, Precision.FP16, "cpu", small));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(now, h200, "b.json");
    assertThat(out.unrecorded()).containsExactly(Fixtures.gemmId(1024, Precision.FP16, "cpu"));
    assertThat(out.violations()).isEmpty();
  }

  private static RegressionCheck check(EnvironmentPolicy policy, Double geomean) {
    return new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, policy, List.of(), true, false, geomean);
  }

  private static BaselineSet baseline(RunResult run) {
    return BaselineSet.empty().with(BaselineRecorder.record(run).baseline(), false);
  }

  private static double[] scaled(double[] xs, double f) {
    return Arrays.stream(xs).map(v -> v * f).toArray();
  }
}
