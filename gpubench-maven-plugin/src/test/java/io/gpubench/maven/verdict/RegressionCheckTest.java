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
import io.gpubench.results.compare.Ambiguity;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class RegressionCheckTest {

  private static final CaseComparator FIVE_PERCENT = new CaseComparator(0.05, 0.05);
  private final double[] small = normal(1, 30, 1e6, 1e4);
  private final double[] large = normal(2, 30, 4e6, 4e4);

  private final BaselineSet h200 = baseline(Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
      gemm(256, Precision.FP16, "cpu", small), gemm(512, Precision.FP16, "cpu", large)));

  @Test
  void aSlowerCaseAgainstAOneRunBaselineIsAProvisionalViolationThatSaysHowToMakeItFirm() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 2.0)), gemm(512, Precision.FP16, "cpu", large));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(List.of(now), h200, "b.json");
    assertThat(out.comparisons()).extracting(cc -> cc.comparison().verdict())
        .containsExactly(Verdict.SLOWER, Verdict.SAME);
    assertThat(out.provisional()).isEqualTo(2);
    assertThat(out.violations()).singleElement().extracting(Violation::message).asString()
        .startsWith(Fixtures.gemmId(256, Precision.FP16, "cpu") + ": SLOWER than the baseline: median time 1.991 ms"
            + " is +100.0% against the baseline's 995.5 µs, beyond the minimum effect of 5.0% (one run each side")
        .contains("rank test p=").contains("beyond the ±55% one run a side can show")
        .endsWith("; provisional: the baseline has one run, so the spread between runs is not measured (record "
            + "several runs: run mvn verify gpubench:baseline again)");
    assertThat(out.geomean().ratio()).isBetween(1.40, 1.43);
  }

  @Test
  void aChangeWithinWhatOneRunASideCanShowIsNoViolationAgainstAOneRunBaseline() {
    // +40%, trials far apart: a whole run of unchanged code moved as much now and then on a 2-core runner.
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.4)), gemm(512, Precision.FP16, "cpu", large));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(List.of(now), h200, "b.json");
    assertThat(out.violations()).isEmpty();
    assertThat(out.comparisons().get(0).comparison().verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(out.comparisons().get(0).comparison().reason()).contains("within the ±55% one run a side can show");
  }

  @Test
  void againstSeveralBaselineRunsTheSpreadBetweenRunsDecides() {
    // Five baseline runs, each 5% off the true figure with 1% trial noise: what a shared runner gives.
    Random random = new Random(21);
    BaselineSet base = BaselineSet.empty();
    for (int r = 0; r < 5; r++) {
      base = base.with(BaselineRecorder.record(List.of(Fixtures.run("base-" + r, Fixtures.cpuMachine(),
          gemm(256, Precision.FP32, "cpu", run(random, 1e6)))), false).baseline(), false, 10);
    }
    assertThat(base.environments().get(0).cases().get(0).runs()).hasSize(5);
    // Twenty unchanged reruns: the trials alone would call many of them; the runs' rule calls none.
    int calls = 0;
    for (int i = 0; i < 20; i++) {
      RunResult rerun = Fixtures.run("rerun-" + i, Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu",
          run(random, 1e6)));
      Verdict v = gate().check(List.of(rerun), base, "b").comparisons().get(0).comparison().verdict();
      calls += v == Verdict.SLOWER || v == Verdict.FASTER ? 1 : 0;
    }
    assertThat(calls).isZero();
    RunResult doubled = Fixtures.run("doubled", Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu",
        run(random, 2e6)));
    RegressionCheck.Outcome out = gate().check(List.of(doubled), base, "b");
    assertThat(out.comparisons().get(0).comparison().verdictText()).isEqualTo("SLOWER");
    assertThat(out.provisional()).isZero();
    assertThat(out.violations()).singleElement().extracting(Violation::message).asString()
        .contains("between runs: +").contains("5 baseline runs, 1 current run").doesNotContain("provisional");
  }

  @Test
  void everyRunOfThisBuildThatHadTheCaseCounts() {
    RunResult fork1 = Fixtures.run("fork-1", Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", small));
    RunResult fork2 = Fixtures.run("fork-2", Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.01)), gemm(512, Precision.FP16, "cpu", large));
    RegressionCheck.Outcome out = gate().check(List.of(fork1, fork2), h200, "b.json");
    assertThat(out.comparisons()).hasSize(2);
    assertThat(out.comparisons().get(0).comparison().currentRuns()).isEqualTo(2);
    assertThat(out.comparisons().get(0).comparison().provisional()).isFalse();
    assertThat(out.absent()).isEmpty();
  }

  @Test
  void aThrottledOrSharedCaseIsAmbiguousWithAWarningAndFailsOnlyWhenAmbiguityDoes() {
    CaseResult hot = Fixtures.flagged(gemm(256, Precision.FP16, "cpu", scaled(small, 3)), true, false);
    CaseResult shared = Fixtures.flagged(gemm(512, Precision.FP16, "cpu", large), false, true);
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), hot, shared);
    RegressionCheck.Outcome out = gate().check(List.of(now), h200, "b.json");
    assertThat(out.comparisons()).allSatisfy(cc -> {
      assertThat(cc.comparison().verdict()).isEqualTo(Verdict.AMBIGUOUS);
      assertThat(cc.comparison().ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    });
    // Three times slower, but throttled: not SLOWER, and not silently SAME either.
    assertThat(out.violations()).isEmpty();
    assertThat(out.warnings()).containsExactly(
        hot.id() + ": AMBIGUOUS against the baseline: telemetry flagged run run-1: throttled (HW_SLOWDOWN) and "
            + "measured no slowdown to bound this build's runs by: the time describes the device's state, not the code",
        shared.id() + ": AMBIGUOUS against the baseline: telemetry flagged run run-1: shared GPU (4242 python3 "
            + "train.py) and measured no slowdown to bound this build's runs by: the time describes the device's "
            + "state, not the code");
    assertThat(out.geomean().cases()).isZero();
    RegressionCheck strict = new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, true, null);
    assertThat(strict.check(List.of(now), h200, "b.json").violations()).hasSize(2)
        .allSatisfy(v -> assertThat(v.message()).contains("AMBIGUOUS (flagged by telemetry) against the baseline"));
  }

  @Test
  void aRegressionBeyondWhatAContendedCoreMeasuredFailsTheGateAndNamesTheFlag() {
    // the case: a kernel made 2.2-3.2x slower passed because every one of its runs was flagged
    CaseResult slowed = gemm(256, Precision.FP16, "cpu", scaled(small, 2.5)).withFlag(new io.gpubench.api.result.Flag(
        io.gpubench.api.result.Flag.CONTENDED, "20 of 20 trials kept ran slowed", 1.3));
    CaseResult within = gemm(512, Precision.FP16, "cpu", scaled(large, 1.2)).withFlag(new io.gpubench.api.result.Flag(
        io.gpubench.api.result.Flag.CONTENDED, "20 of 20 trials kept ran slowed", 1.3));
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), slowed, within);
    RegressionCheck.Outcome out = gate().check(List.of(now), h200, "b.json");
    assertThat(out.comparisons()).extracting(cc -> cc.comparison().verdict())
        .containsExactly(Verdict.SLOWER, Verdict.AMBIGUOUS);
    assertThat(out.violations()).singleElement().extracting(Violation::message).asString()
        .startsWith(slowed.id() + ": SLOWER than the baseline: median time")
        .contains("beyond what the flags explain").contains("contended CPU (1.30x slower)");
  }

  @Test
  void regressionsCanBeReportedWithoutFailing() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 2.0)));
    RegressionCheck lenient =
        new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), false, false, null);
    RegressionCheck.Outcome out = lenient.check(List.of(now), h200, "b.json");
    assertThat(out.violations()).isEmpty();
    assertThat(out.comparisons().get(0).comparison().verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(out.absent()).containsExactly(Fixtures.gemmId(512, Precision.FP16, "cpu"));
  }

  @Test
  void theGeomeanLimitCatchesASpreadSlowdownNoSingleCaseShows() {
    // Every case 4% slower: below the 5% per-case effect, above a 3% geomean limit.
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 1.04)), gemm(512, Precision.FP16, "cpu", scaled(large, 1.04)));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, 0.03).check(List.of(now), h200, "b.json");
    assertThat(out.comparisons()).noneMatch(cc -> cc.comparison().verdict() == Verdict.SLOWER);
    assertThat(out.violations()).singleElement().extracting(Violation::message).asString()
        .startsWith("geomean of median time ratios over 2 cases is 1.04").endsWith("above the maximum of 3.0%");
  }

  @Test
  void anotherDriverIsRefusedOrWarnedAboutByConfiguration() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "560.10"), gemm(256, Precision.FP16, "cpu", small));
    RegressionCheck.Outcome refused = check(EnvironmentPolicy.FAIL, null).check(List.of(now), h200, "b.json");
    assertThat(refused.comparisons()).isEmpty();
    assertThat(refused.violations()).singleElement().extracting(Violation::message).asString()
        .contains("baseline b.json for 'cpu: AMD EPYC 7B13 + cuda: NVIDIA H200' was recorded with other software: "
            + "NVIDIA H200 driver: 550.54 -> 560.10");

    RegressionCheck.Outcome warned = check(EnvironmentPolicy.WARN, null).check(List.of(now), h200, "b.json");
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
    assertThat(check(EnvironmentPolicy.FAIL, null).check(List.of(now), base, "b").violations()).singleElement()
        .extracting(Violation::message).asString().contains("library jackson-databind: 3.3.0 -> 3.4.0");
    RegressionCheck ignoring = new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of("library jackson*"), true, false, null);
    assertThat(ignoring.check(List.of(now), base, "b").violations()).isEmpty();
  }

  @Test
  void anotherGpuIsRefusedOrComparedWithAWarning() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA A100", "550.54"), gemm(256, Precision.FP16, "cpu", small));
    RegressionCheck.Outcome refused = check(EnvironmentPolicy.FAIL, null).check(List.of(now), h200, "b.json");
    assertThat(refused.violations()).singleElement().extracting(Violation::message).asString()
        .isEqualTo("baseline b.json has no environment 'cpu: AMD EPYC 7B13 + cuda: NVIDIA A100' (it holds "
            + "'cpu: AMD EPYC 7B13 + cuda: NVIDIA H200'); record one on this machine with gpubench:baseline, "
            + "or set environmentMismatch to WARN");
    RegressionCheck.Outcome warned = check(EnvironmentPolicy.WARN, null).check(List.of(now), h200, "b.json");
    assertThat(warned.baselineEnvironment()).isEqualTo("cpu: AMD EPYC 7B13 + cuda: NVIDIA H200");
    assertThat(warned.comparisons()).hasSize(1);
  }

  @Test
  void samplesFromAnotherClockAreNotComparedAsIfTheyWereTheSame() {
    CaseResult device = gemm(256, Precision.FP16, "cpu", small);
    device = new CaseResult(device.id(), device.benchmark(), device.workload(), device.displayName(),
        BackendId.parse("cuda:0"), device.precision(), device.shape(), device.status(), null,
        Fixtures.timing(small, true), null, null, null, null, null);
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), device);
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(List.of(now), h200, "b.json");
    assertThat(out.comparisons()).singleElement().satisfies(cc -> {
      assertThat(cc.comparison().ambiguity()).isEqualTo(Ambiguity.CLOCKS_DIFFER);
      assertThat(cc.comparison().reason()).isEqualTo("clocks differ: baseline host, current device");
    });
    assertThat(out.geomean().cases()).isZero();
  }

  @Test
  void ambiguityFailsOnlyWhenAskedTo() {
    double[] noisy = normal(9, 5, 1e6, 8e5);
    BaselineSet base = baseline(Fixtures.run(Fixtures.cpuMachine(), gemm(256, Precision.FP16, "cpu", noisy)));
    RunResult now = Fixtures.run(Fixtures.cpuMachine(), gemm(256, Precision.FP16, "cpu", normal(10, 5, 1e6, 8e5)));
    assertThat(check(EnvironmentPolicy.FAIL, null).check(List.of(now), base, "b").violations()).isEmpty();
    RegressionCheck strict =
        new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), true, true, null);
    assertThat(strict.check(List.of(now), base, "b").violations()).singleElement().extracting(Violation::message)
        .asString().contains("AMBIGUOUS (within the noise, provisional) against the baseline");
  }

  @Test
  void comparedByARateARiseInTimeIsAFallInRateAndStillSlower() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cpu", scaled(small, 2.0)), gemm(512, Precision.FP16, "cpu", scaled(large, 1.04)));
    ComparedFigure flops = ComparedFigure.parse("flopsPerSecond");
    RegressionCheck byRate =
        new RegressionCheck(FIVE_PERCENT, flops, EnvironmentPolicy.FAIL, List.of(), true, false, 0.03);
    RegressionCheck.Outcome out = byRate.check(List.of(now), h200, "b.json");
    assertThat(out.figure()).isEqualTo(flops);
    assertThat(out.comparisons()).extracting(cc -> cc.comparison().verdict())
        .containsExactly(Verdict.SLOWER, Verdict.SAME);
    assertThat(out.comparisons().get(0).comparison().change()).isBetween(-0.51, -0.49);
    assertThat(out.violations()).extracting(Violation::message)
        .anySatisfy(m -> assertThat(m).contains(": SLOWER than the baseline: median flopsPerSecond 16.85 G/s is "
            + "-50.0% against the baseline's 33.71 G/s"))
        // The geomean slowdown is in time whichever figure is compared: rates 0.5 and 1/1.04 are a 44% slowdown.
        .anySatisfy(m -> assertThat(m).contains("geomean of median flopsPerSecond ratios over 2 cases is 0.69")
            .contains("a slowdown of 44."));
  }

  @Test
  void aRateNeedsTheCaseToDeclareItsWork() {
    CaseResult noCost = gemm(256, Precision.FP16, "cpu", small);
    noCost = new CaseResult(noCost.id(), noCost.benchmark(), noCost.workload(), noCost.displayName(),
        BackendId.parse("cpu"), noCost.precision(), noCost.shape(), noCost.status(), null, noCost.timing(), null,
        null, null, null, null);
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), noCost);
    RegressionCheck byItems = new RegressionCheck(FIVE_PERCENT, ComparedFigure.parse("itemsPerSecond"),
        EnvironmentPolicy.FAIL, List.of(), true, false, null);
    assertThat(byItems.check(List.of(now), h200, "b.json").comparisons()).singleElement().satisfies(cc -> {
      assertThat(cc.comparison().compared()).isFalse();
      assertThat(cc.comparison().ambiguity()).isEqualTo(Ambiguity.NO_FIGURE);
      assertThat(cc.comparison().reason()).isEqualTo("no itemsPerSecond: the case declares no such work per call");
    });
  }

  @Test
  void anUnknownComparisonFigureIsNamedWithTheChoices() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ComparedFigure.parse("p99"))
        .hasMessage("cannot compare by 'p99' (choose time, singleCallTime, batchTime, itemsPerSecond,"
            + " flopsPerSecond, bytesPerSecond or busBytesPerSecond)");
  }

  @Test
  void newCasesAreListedNotFailed() {
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(1024, Precision.FP16, "cpu", small));
    RegressionCheck.Outcome out = check(EnvironmentPolicy.FAIL, null).check(List.of(now), h200, "b.json");
    assertThat(out.unrecorded()).containsExactly(Fixtures.gemmId(1024, Precision.FP16, "cpu"));
    assertThat(out.violations()).isEmpty();
  }

  /**
   * Ten cases recorded in five runs, each case with one run that moved 1.5x (what a shared runner's other tenants do
   * to a run now and then), and one case whose five runs agree within 1%: its own runs promise a precision the next
   * build need not keep. Against the recorded baseline the runner's excursion widens its interval; against runs made
   * in turns (A/B mode) it does not.
   */
  @Test
  void aRecordedBaselineAllowsForHowFarWholeRunsMovedOnItsRunner() {
    Random random = new Random(31);
    BaselineSet base = BaselineSet.empty();
    for (int r = 0; r < 5; r++) {
      List<CaseResult> cases = new ArrayList<>();
      cases.add(gemm(16, Precision.FP32, "cpu", tight(random, 1e6)));
      for (int c = 1; c <= 10; c++) {
        cases.add(gemm(16 + c, Precision.FP32, "cpu", tight(random, (c % 5 == r ? 1.5 : 1) * 1e6)));
      }
      base = base.with(BaselineRecorder.record(List.of(Fixtures.run("base-" + r, Fixtures.cpuMachine(),
          cases.toArray(CaseResult[]::new))), false).baseline(), false, 10);
    }
    RunResult moved = Fixtures.run("moved", Fixtures.cpuMachine(), gemm(16, Precision.FP32, "cpu",
        tight(random, 1.4e6)));
    RegressionCheck.Outcome recorded = gate().check(List.of(moved), base, "b.json");
    assertThat(recorded.comparisons().get(0).comparison().verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(recorded.comparisons().get(0).comparison().reason()).contains("the interval is widened to ×1.")
        .contains("whole runs on this runner moved up to ×1.").contains("over 55 baseline runs of 11 cases");
    assertThat(recorded.violations()).isEmpty();
    RegressionCheck.Outcome inTurns = gate().checkInTurns(List.of(moved), base, "the A runs");
    assertThat(inTurns.comparisons().get(0).comparison().verdict()).isEqualTo(Verdict.SLOWER);

    RunResult doubled = Fixtures.run("doubled", Fixtures.cpuMachine(), gemm(16, Precision.FP32, "cpu",
        tight(random, 2e6)));
    assertThat(gate().check(List.of(doubled), base, "b.json").violations()).singleElement()
        .extracting(Violation::message).asString().contains("SLOWER than the baseline").contains("widened");
  }

  /**
   * A warm-up cut short timed code the JIT had not finished, which allocates what the finished code does not: its
   * allocation gets a wider allowance, which a doubled array still exceeds, and the message says why it is wider.
   */
  @Test
  void theAllocationOfARunWhoseWarmUpWasCutShortHasAWiderAllowance() {
    BaselineSet base = baseline(Fixtures.run(Fixtures.cpuMachine(),
        withAllocation(gemm(256, Precision.FP32, "cpu", small), 40)));
    io.gpubench.api.result.Flag notSteady = new io.gpubench.api.result.Flag(io.gpubench.api.result.Flag.NOT_STEADY,
        "the cap was reached");
    CaseResult jitNoise = withAllocation(gemm(256, Precision.FP32, "cpu", small), 1042).withFlag(notSteady);
    assertThat(gate().check(List.of(Fixtures.run(Fixtures.cpuMachine(), jitNoise)), base, "b").violations())
        .isEmpty();
    CaseResult steady = withAllocation(gemm(256, Precision.FP32, "cpu", small), 1240);
    assertThat(gate().check(List.of(Fixtures.run(Fixtures.cpuMachine(), steady)), base, "b").violations())
        .singleElement().extracting(Violation::message).asString()
        .contains("MORE MEMORY than the baseline: allocatedBytesPerCall 40 B → 1.211 KiB")
        .endsWith("(1% + 1024 B a trial over its calls)");

    BaselineSet array = baseline(Fixtures.run(Fixtures.cpuMachine(),
        withAllocation(gemm(256, Precision.FP32, "cpu", small), 4016)));
    CaseResult doubled = withAllocation(gemm(256, Precision.FP32, "cpu", small), 8056).withFlag(notSteady);
    assertThat(gate().check(List.of(Fixtures.run(Fixtures.cpuMachine(), doubled)), array, "b").violations())
        .singleElement().extracting(Violation::message).asString()
        .contains("MORE MEMORY than the baseline: allocatedBytesPerCall 3.922 KiB → 7.867 KiB")
        .contains("+ 2048 B a call: the warm-up was cut short");
  }

  /**
   * Memory against a baseline file counts the runs flagged throttled, shared or contended on both sides: a baseline
   * run recorded with its flags (acceptFlagged) and this build's contended run, whose time is only bounded, are
   * compared in memory as clean runs are; a flagged baseline file is written without memory-only runs.
   */
  @Test
  void flaggedRunsCountForMemoryOnBothSidesOfABaselineFile() {
    io.gpubench.api.result.Flag throttled = new io.gpubench.api.result.Flag(io.gpubench.api.result.Flag.THROTTLED,
        "throttled (HW_SLOWDOWN)");
    io.gpubench.api.result.Flag contended = new io.gpubench.api.result.Flag(io.gpubench.api.result.Flag.CONTENDED,
        "contended core", 1.4);
    BaselineSet base = BaselineSet.empty().with(BaselineRecorder.record(List.of(Fixtures.run(Fixtures.cpuMachine(),
        withAllocation(gemm(256, Precision.FP32, "cpu", small), 4016).withFlag(throttled))), true).baseline(),
        false, 10);
    assertThat(base.environments().get(0).cases().get(0).runs()).singleElement()
        .satisfies(r -> assertThat(r.flags()).isNotEmpty());
    assertThat(io.gpubench.results.ResultsFile.mapper().writeValueAsString(base)).doesNotContain("memoryOnly");

    CaseResult doubled = withAllocation(gemm(256, Precision.FP32, "cpu", small), 8056).withFlag(contended);
    RegressionCheck.Outcome out = gate().check(List.of(Fixtures.run(Fixtures.cpuMachine(), doubled)), base, "b");

    assertThat(out.violations()).extracting(Violation::message).anySatisfy(m -> assertThat(m)
        .contains("MORE MEMORY than the baseline: allocatedBytesPerCall 3.922 KiB → 7.867 KiB (+100.6%)"));
    CaseResult same = withAllocation(gemm(256, Precision.FP32, "cpu", small), 4016.5).withFlag(contended);
    assertThat(gate().check(List.of(Fixtures.run(Fixtures.cpuMachine(), same)), base, "b").violations())
        .extracting(Violation::message).noneSatisfy(m -> assertThat(m).contains("MORE MEMORY"));
  }

  private static CaseResult withAllocation(CaseResult c, double bytesPerCall) {
    var host = new io.gpubench.api.result.HostMemory(bytesPerCall, (long) (bytesPerCall * 600), 600, 0L, 0.0,
        List.of(), 30, null, null, Map.of());
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), c.telemetry(),
        new io.gpubench.api.result.Memory(null, null, null, host), c.metrics(), c.audit(), c.worldSize(), c.flags(),
        c.axisOverrides());
  }

  // One run's trials, the run within 1% (sd) of the figure.
  private static double[] tight(Random random, double median) {
    double centre = median * Math.exp(0.01 * random.nextGaussian());
    return java.util.stream.IntStream.range(0, 20).mapToDouble(i -> centre * Math.exp(0.01 * random.nextGaussian()))
        .toArray();
  }

  private static RegressionCheck gate() {
    return new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), true,
        false, null);
  }

  private static RegressionCheck check(EnvironmentPolicy policy, Double geomean) {
    return new RegressionCheck(FIVE_PERCENT, ComparedFigure.TIME, policy, List.of(), true, false, geomean);
  }

  private static BaselineSet baseline(RunResult run) {
    return BaselineSet.empty().with(BaselineRecorder.record(List.of(run), false).baseline(), false, 10);
  }

  private static double[] scaled(double[] xs, double f) {
    return Arrays.stream(xs).map(v -> v * f).toArray();
  }

  // One run's trials: the run lands 5% (sd) off the figure, its 20 trials 1% around that.
  private static double[] run(Random random, double median) {
    double centre = median * Math.exp(0.05 * random.nextGaussian());
    List<Double> xs = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      xs.add(centre * Math.exp(0.01 * random.nextGaussian()));
    }
    return xs.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
