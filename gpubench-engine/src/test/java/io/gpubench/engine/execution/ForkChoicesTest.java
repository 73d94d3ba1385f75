package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;

import examples.GoodGemmBenchmark;
import io.gpubench.api.CacheMode;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Spent;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.backend.cpu.CpuBackend;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.plan.ForkPolicy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a case keeps to its first fork, and when a further fork fits in its budget. */
class ForkChoicesTest {

  private static CaseSpec spec(double budgetSeconds) {
    BenchmarkDeclaration d = DeclarationReader.read(GoodGemmBenchmark.class);
    return new CaseSpec(d, d.workloads().get(0), Dimensions.of(Map.of("m", 256L)), Precision.FP32, new CpuBackend(),
        d.tolerances().forPrecision(Precision.FP32), d.trials().withBudgetSeconds(budgetSeconds), 42, null,
        new ForkPolicy(io.gpubench.api.ForkMode.DEVICE, List.of(), 600, 120));
  }

  /** A passed fork that stopped for a reason, with flags, that took so many seconds in all. */
  private static CaseDriver.Outcome fork(StopReason stop, double totalSeconds, String... flags) {
    Statistics s = new Statistics(5, 1000, 1000, 990, 1010, 5, 1008, 1010, 0.95, 995, 1005);
    Spent spent = new Spent(0, 0, 0, 0, 0, 0, 0, 1, totalSeconds);
    Timing t = new Timing(null, null, null, CacheMode.HOT, 1, 100, 2000, List.of(), s, null, null, stop,
        "stopped", 0.001, null, 0, List.of(), null, 0, spent);
    List<Flag> f = Arrays.stream(flags).map(code -> new Flag(code, "detail", null)).toList();
    CaseResult r = new CaseResult("id", "GoodGemmBenchmark", "gemm", "gemm [m=256]", io.gpubench.api.BackendId.CPU,
        Precision.FP32, Map.of("m", 256L), CaseStatus.PASSED, null, t, null, null, null, null, Map.of(), null, null, f);
    return new CaseDriver.Outcome(r, null, null, null, List.of(), List.of(), true);
  }

  @Test
  void aCaseSteadyAtOnceKeepsToOneForkOnceItsWorkloadsForksAgreedWhateverItsTrialsReached() {
    ForkChoices choices = new ForkChoices();
    CaseSpec spec = spec(5);
    CaseResult plateau = fork(StopReason.PLATEAU, 0.01, Flag.WIDE_PLATEAU).result();
    assertThat(choices.oneFork(spec, plateau, true, 2)).as("before the workload's forks agreed").isNull();

    choices.agreed(spec);
    assertThat(choices.oneFork(spec, plateau, true, 2))
        .contains("measured in one fork, not the default 2: steady at once", "its interval from this fork's trials");
    assertThat(choices.oneFork(spec, fork(StopReason.TARGET_REACHED, 0.01).result(), true, 2))
        .contains("and timed to its target");
    assertThat(choices.oneFork(spec, fork(StopReason.TARGET_REACHED, 0.01, Flag.GC).result(), true, 2)).isNotNull();
    assertThat(choices.oneFork(spec, plateau, false, 2)).as("not steady at once").isNull();
  }

  @Test
  void aFlagAboutTheDeviceTakesTheDefaultForksATrendOfCodeSteadyAtOnceDoesNot() {
    ForkChoices choices = new ForkChoices();
    CaseSpec spec = spec(5);
    choices.agreed(spec);
    assertThat(choices.oneFork(spec, fork(StopReason.TARGET_REACHED, 0.01, Flag.CONTENDED).result(), true, 2))
        .as("a contended core: the next fork's trials may be clean").isNull();
    assertThat(choices.oneFork(spec, fork(StopReason.PLATEAU, 0.01, Flag.THROTTLED).result(), true, 2))
        .as("a throttled device").isNull();
    CaseResult trend = fork(StopReason.PLATEAU, 0.01, Flag.TRENDING, Flag.WIDE_PLATEAU).result();
    assertThat(choices.oneFork(spec, trend, true, 2))
        .as("a trend over the trials of a loop compiled before, the JIT quiet: the machine drifted")
        .contains("measured in one fork");
    assertThat(choices.oneFork(spec, trend, false, 2)).as("a trend where the code was not steady at once: it may"
        + " still have been changing").isNull();
  }

  @Test
  void aContendedCaseKeepsToOneForkOnceTheLastContendedCasesSecondForksWereContendedAlike() {
    ForkChoices choices = new ForkChoices();
    CaseSpec spec = spec(5);
    choices.agreed(spec);
    CaseResult contended = timed(0.2, 1.8).result();
    CaseResult clean = timed(0.11, null).result();
    assertThat(choices.oneFork(spec, contended, true, 2)).as("the next fork's trials may be clean").isNull();

    choices.secondFork(contended, timed(0.21, 1.9).result());
    choices.secondFork(clean, clean);
    choices.secondFork(contended, timed(0.2, 1.7).result());
    assertThat(choices.oneFork(spec, contended, true, 2)).as("two contended second forks: not yet").isNull();
    choices.secondFork(contended, timed(0.19, 1.75).result());
    assertThat(choices.oneFork(spec, contended, true, 2)).contains("measured in one fork, not the default 2: steady "
        + "at once", "contended, as the second forks of the last 3 contended cases were: another fork would run "
        + "contended alike, and the gate bounds this one by its measured slowdown");
    assertThat(choices.oneFork(spec, contended, false, 2)).as("not steady at once").isNull();
    assertThat(choices.oneFork(spec, fork(StopReason.PLATEAU, 0.01, Flag.CONTENDED).result(), true, 2))
        .as("contended with no slowdown measured: nothing bounds it").isNull();
    assertThat(choices.oneFork(spec, fork(StopReason.PLATEAU, 0.01, Flag.THROTTLED).result(), true, 2)).isNull();

    choices.secondFork(contended, clean);
    assertThat(choices.oneFork(spec, contended, true, 2)).as("a contended case's second fork ran clean").isNull();
  }

  @Test
  void trialsAtAnotherLevelThanTheWarmUpSettledOnAreNoEvidenceOfSteadyAtOnce() {
    // the gate's figures: a histogram settled at 17.0 µs a call, then timed every trial at ~53 µs
    assertThat(ForkChoices.atWarmupLevel(17_000, new double[] {53_100, 53_290, 53_400, 52_900})).isFalse();
    assertThat(ForkChoices.atWarmupLevel(17_000, new double[] {13_000, 13_100, 13_200})).as("faster too").isFalse();
    assertThat(ForkChoices.atWarmupLevel(17_000, new double[] {17_500, 19_000, 16_800, 30_000}))
        .as("a few slow trials do not move the median").isTrue();
    assertThat(ForkChoices.atWarmupLevel(17_000, new double[] {20_500, 20_800, 21_000}))
        .as("within 1.25x either way").isTrue();
    // an empty call: a round of a few batches at 0.40 ns, trials at 0.22 ns (0.55x): less than the harness resolves
    assertThat(ForkChoices.atWarmupLevel(0.40, new double[] {0.22, 0.23, 0.21})).as("below the resolution").isTrue();
    assertThat(ForkChoices.atWarmupLevel(0.40, new double[] {0.66, 0.70, 0.68}))
        .as("1.7x and 0.28 ns apart: a level the harness resolves").isFalse();
    assertThat(ForkChoices.atWarmupLevel(0, new double[] {1})).as("nothing to compare").isTrue();
    assertThat(ForkChoices.atWarmupLevel(17_000, new double[0])).isTrue();
  }

  @Test
  void aFurtherForkMustFitTheBudgetAtTheCostOfAForkInAFreshWorker() {
    ForkChoices choices = new ForkChoices();
    CaseSpec spec = spec(5);
    // two forks of a class's first case, their workers started for them: 2.1 s and 1.5 s; one more at 2.1 s is 5.7 s
    assertThat(choices.withinBudget(spec, List.of(fork(StopReason.PLATEAU, 2.1), fork(StopReason.PLATEAU, 1.5)),
        true)).isFalse();
    assertThat(choices.withinBudget(spec(6), List.of(fork(StopReason.PLATEAU, 2.1), fork(StopReason.PLATEAU, 1.5)),
        true)).isTrue();

    // forks of a later case in kept workers took 10 ms each, but a further fork starts a worker: as the last one did
    List<CaseDriver.Outcome> quick = List.of(fork(StopReason.PLATEAU, 0.01), fork(StopReason.PLATEAU, 0.01));
    assertThat(choices.withinBudget(spec, quick, true)).isTrue();
    choices.freshFork(fork(StopReason.PLATEAU, 4.99));
    assertThat(choices.withinBudget(spec, quick, true)).as("0.02 s spent and 4.99 s for the next fork").isFalse();
    assertThat(choices.withinBudget(spec, quick, false)).as("in a kept worker: at the cost of the forks so far")
        .isTrue();
    choices.freshFork(fork(StopReason.PLATEAU, 1.5));
    assertThat(choices.withinBudget(spec, quick, true)).isTrue();
  }

  /** A fork whose trials take so many nanoseconds a call (a little spread), with a contended flag of a slowdown. */
  private static CaseDriver.Outcome timed(double perCall, Double contendedSlowdown) {
    CaseDriver.Outcome o = fork(StopReason.PLATEAU, 0.05);
    Timing t = o.result().timing();
    List<io.gpubench.api.result.Trial> trials = java.util.stream.IntStream.range(0, 30)
        .mapToObj(i -> new io.gpubench.api.result.Trial(perCall * (1 + 0.002 * (i % 5)), null)).toList();
    Timing timing = new Timing(null, null, null, CacheMode.HOT, 1, 100, 2000, trials, t.host(), null, null,
        t.stop(), "stopped", 0.001, null, 0, List.of(), null, 0, t.spent());
    List<Flag> flags = contendedSlowdown == null ? List.of()
        : List.of(new Flag(Flag.CONTENDED, "most trials kept ran slowed", contendedSlowdown));
    CaseResult r = o.result();
    return new CaseDriver.Outcome(new CaseResult(r.id(), r.benchmark(), r.workload(), r.displayName(), r.backend(),
        r.precision(), r.shape(), r.status(), null, timing, null, null, null, null, Map.of(), null, null, flags),
        null, null, null, List.of(), List.of(), true);
  }

  @Test
  void aForkAsMuchSlowerAsItsContendedCoreMeasuredExplainsADisagreement() {
    // measured: 1,000 empty calls, a first fork 1.43x contended and 1.42x slower than the second
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.204, 1.43), timed(0.1438, null))))
        .contains("fork 1 (1.42x slower than the fastest clean fork, its core measured 1.43x slowed)");
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.1438, null), timed(0.204, 1.3))))
        .as("within the 10% that is no disagreement of its own").contains("fork 2");
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.204, 1.1), timed(0.1438, null))))
        .as("slower than its slowdown explains: another outcome, maybe").isNull();
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.204, null), timed(0.1438, null))))
        .as("nothing measured the core").isNull();
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.1, 1.5), timed(0.1438, null))))
        .as("a contended fork that is the faster one").isNull();
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.204, 1.5), timed(0.1438, 1.3))))
        .as("no clean fork to compare with").isNull();
    assertThat(ForkChoices.contentionExplains(List.of(timed(0.204, 1.5), timed(0.1438, null), timed(0.1, null))))
        .as("the clean forks disagree among themselves").isNull();
  }

  @Test
  void forksThatDifferByLessThanAClockCycleACallAreNotMeasuredFurther() {
    // measured: an empty call's forks at 0.14 and 0.16 ns, far beyond their trials' spread
    List<CaseDriver.Outcome> loop = List.of(timed(0.1397, null), timed(0.1585, null));
    assertThat(Forks.disagreement(ForkChoices.timings(loop))).as("they do disagree, and are flagged").isPresent();
    assertThat(ForkChoices.belowLoopResolution(loop)).isTrue();
    assertThat(ForkChoices.belowLoopResolution(List.of(timed(1.0, null), timed(1.3, null))))
        .as("0.3 ns a call: more than a cycle, an outcome of the code").isFalse();
    assertThat(ForkChoices.belowLoopResolution(List.of(timed(100_000, null), timed(400_000, null)))).isFalse();
  }

  @Test
  void theFlagSaysWhereTheFurtherForksRanAndWhy() {
    CaseSpec spec = spec(5);
    assertThat(ForkChoices.furtherForksNote(spec, 2, 2, "fork 1 (1.42x ...)", 4, true)).isEqualTo(
        "; fork 1 (1.42x ...) ran on a contended core, which explains the difference; 2 further forks measured in"
            + " the class's workers, until one outcome held a majority");
    assertThat(ForkChoices.furtherForksNote(spec, 3, 2, "fork 1 (1.42x ...)", 5, false))
        .endsWith("3 further forks measured, 2 in the class's workers and 1 in fresh workers, up to 5 in all");
    assertThat(ForkChoices.furtherForksNote(spec, 2, 0, null, 4, true))
        .isEqualTo("; 2 further forks measured in fresh workers, until one outcome held a majority");
    assertThat(ForkChoices.furtherForksNote(spec, 0, 0, null, 2, false)).contains("no further fork was measured");
  }
}
