package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Better;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CaseComparatorTest {

  private static final CaseComparator GATE = CaseComparator.DEFAULT;

  @Test
  void unchangedCodeIsRarelyCalledSlowerOrFasterWhenRunsShiftMoreThanTrialsScatter() {
    // What a shared runner does: each run lands 5% (sd) off the code's figure, its 30 trials scatter 1% around
    // that. A test on trials calls most reruns SLOWER or FASTER; the runs' rule must not.
    Random random = new Random(7);
    int calls = 0;
    int provisionalCalls = 0;
    int trialsApart = 0;
    int trials = 2000;
    for (int i = 0; i < trials; i++) {
      List<RunSamples> baseline = runs(random, 5, 1_000_000, 0.05, 0.01, 30);
      List<RunSamples> rerun = runs(random, 1, 1_000_000, 0.05, 0.01, 30);
      Verdict v = GATE.compare(baseline, rerun, Better.LOWER).verdict();
      if (v == Verdict.SLOWER || v == Verdict.FASTER) {
        calls++;
      }
      CaseComparison one = GATE.compare(baseline.subList(0, 1), rerun, Better.LOWER);
      if (one.verdict() == Verdict.SLOWER || one.verdict() == Verdict.FASTER) {
        provisionalCalls++;
      }
      if (one.reason().contains("medians' intervals apart")) {
        trialsApart++;
      }
    }
    assertThat(calls).as("false calls in %d unchanged reruns", trials).isLessThanOrEqualTo(trials / 100);
    // The trials' test alone (one run each side) is wrong about a third or more: the reason for the runs' rule, and
    // for the one-run rule's allowance, which keeps its false calls as rare.
    assertThat(trialsApart).isGreaterThan(trials / 3);
    assertThat(provisionalCalls).as("provisional false calls in %d unchanged reruns", trials)
        .isLessThanOrEqualTo(trials / 100);
  }

  @Test
  void aDoublingIsSlowerAgainstABaselineOfFiveNoisyRuns() {
    Random random = new Random(11);
    for (int i = 0; i < 50; i++) {
      CaseComparison c = GATE.compare(runs(random, 5, 1_000_000, 0.05, 0.02, 20),
          runs(random, 1, 2_000_000, 0.05, 0.02, 20), Better.LOWER);
      assertThat(c.verdict()).as(c.reason()).isEqualTo(Verdict.SLOWER);
      assertThat(c.provisional()).isFalse();
      assertThat(c.ratio()).isBetween(1.6, 2.5);
      assertThat(c.ratioLow()).isGreaterThan(1.0);
      assertThat(c.reason()).startsWith("between runs: +").contains("5 baseline runs, 1 current run");
    }
  }

  @Test
  void tightRunsGiveSameAndSayTheInterval() {
    Random random = new Random(3);
    CaseComparison c = GATE.compare(runs(random, 6, 50_000, 0.003, 0.01, 40), runs(random, 1, 50_000, 0.003, 0.01, 40),
        Better.LOWER);
    assertThat(c.verdict()).as(c.reason()).isEqualTo(Verdict.SAME);
    assertThat(c.ambiguity()).isNull();
    assertThat(c.verdictText()).isEqualTo("SAME");
    assertThat(c.reason()).contains("inside ±5.0%").contains("at 99%");
    assertThat(c.baselineRuns()).isEqualTo(6);
    assertThat(c.currentSamples()).isEqualTo(40);
  }

  @Test
  void aChangeWithinTheRunsSpreadIsAmbiguousByTheNoiseRuleAndSaysWhatCouldBeSeen() {
    double[] medians = {1.00, 1.12, 0.93, 1.05, 0.97};
    List<RunSamples> baseline = new ArrayList<>();
    for (int i = 0; i < medians.length; i++) {
      baseline.add(run("b" + i, constant(medians[i] * 1e6, 20)));
    }
    CaseComparison c = GATE.compare(baseline, List.of(run("c", constant(1.10e6, 20))), Better.LOWER);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.NOISE);
    assertThat(c.verdictText()).isEqualTo("AMBIGUOUS (within the noise)");
    assertThat(c.reason()).contains("includes no change").contains("these runs can show a change beyond ±")
        .contains("record more baseline runs");
  }

  @Test
  void aCpuCaseFlaggedContendedIsAmbiguousNamingTheFlag() {
    CaseResult quiet = ReportFixtures.timedCase("c", 1e6, 0.01, 20, 1);
    CaseResult contended = ReportFixtures.timedCase("c", 1.5e6, 0.01, 20, 2).withFlag(new Flag("contended",
        "20 of 20 trials kept ran slowed (cpu_contended: a probe after the trial took over 1.25x its quiet time)"));
    List<RunSamples> baseline = List.of(RunSamples.of("b1", quiet), RunSamples.of("b2", quiet));
    CaseComparison c = GATE.compare(baseline, List.of(RunSamples.of("c1", contended)), Better.LOWER);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    assertThat(c.reason()).contains("run c1: contended CPU (slowdown not measured)").contains("the device's state");
    assertThat(RunSamples.of("c2", contended.withFlag(new Flag("trending", "still falling"))).flags())
        .as("only the flags that describe the device").hasSize(1);
  }

  @Test
  void aFlaggedRunOnEitherSideIsAmbiguousNamingTheFlag() {
    List<RunSamples> baseline = List.of(run("b1", constant(1e6, 10)), run("b2", constant(1e6, 10)));
    RunSamples hot = new RunSamples("c1", RunSamples.DEVICE, constant(3e6, 10), List.of("throttled (HW_SLOWDOWN)"));
    CaseComparison c = GATE.compare(baseline, List.of(hot), Better.LOWER);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    assertThat(c.reason()).contains("run c1: throttled (HW_SLOWDOWN)");
    assertThat(c.compared()).isFalse();
    assertThat(c.ratio()).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));

    RunSamples shared = new RunSamples("b3", RunSamples.DEVICE, constant(1e6, 10), List.of("shared GPU (42 python)"));
    CaseComparison d = GATE.compare(List.of(shared), List.of(run("c2", constant(1e6, 10))), Better.LOWER);
    assertThat(d.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    assertThat(d.reason()).contains("baseline run b3: shared GPU (42 python)");
  }

  @Test
  void flaggedRunsAreLeftOutOfTheSpreadAndTheChangeWhileCleanRunsRemainOnBothSides() {
    List<RunSamples> baseline = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      baseline.add(run("b" + i, constant(1e6 * (1 + 0.01 * (i % 3)), 10)));
    }
    // a contended baseline run, 1.5x slow: kept in, it would widen the spread until a 2x change hid in it
    baseline.add(new RunSamples("b5", RunSamples.DEVICE, constant(1.5e6, 10), List.of("contended CPU (…)")));
    List<RunSamples> current = List.of(run("c1", constant(2e6, 10)), new RunSamples("c2", RunSamples.DEVICE,
        constant(3e6, 10), List.of("contended CPU (…)")));
    CaseComparison c = GATE.compare(baseline, current, Better.LOWER);
    assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(c.ratio()).as("the clean runs' ratio").isCloseTo(2 / 1.01, org.assertj.core.data.Offset.offset(0.01));
    assertThat(c.reason()).contains("5 baseline runs, 1 current run")
        .endsWith("left out, flagged by telemetry: baseline run b5: contended CPU (…); run c2: contended CPU (…)");
  }

  @Test
  void aChangeBeyondWhatTheFlagMeasuredIsSlowerAndNamesTheFlag() {
    Random random = new Random(5);
    List<RunSamples> baseline = runs(random, 5, 1_000_000, 0.03, 0.01, 20);
    // every run of this build was flagged: a core 1.3x slow, and a kernel made 2x slower
    RunSamples slowed = contended(runs(random, 1, 2_600_000, 0.0, 0.01, 20).get(0), 1.3);
    CaseComparison c = GATE.compare(baseline, List.of(slowed), Better.LOWER);
    assertThat(c.verdict()).as(c.reason()).isEqualTo(Verdict.SLOWER);
    assertThat(c.ratio()).as("the change as measured").isBetween(2.4, 2.8);
    assertThat(c.ratioLow()).as("the interval beside the change holds it: the measured one")
        .isLessThan(c.ratio()).isGreaterThan(2.1);
    assertThat(c.ratioHigh()).isGreaterThan(c.ratio());
    assertThat(c.reason()).contains("beyond what the flags explain").contains("with the flagged runs at their best")
        .contains("contended CPU (1.30x slower)");
  }

  @Test
  void aChangeWithinWhatTheFlagMeasuredIsAmbiguous() {
    Random random = new Random(6);
    List<RunSamples> baseline = runs(random, 5, 1_000_000, 0.03, 0.01, 20);
    RunSamples slowed = contended(runs(random, 1, 1_250_000, 0.0, 0.01, 20).get(0), 1.3);
    CaseComparison c = GATE.compare(baseline, List.of(slowed), Better.LOWER);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    assertThat(c.reason()).startsWith("+").contains("within what the flags explain");
    assertThat(c.ratio()).as("the interval shown holds the change shown").isBetween(c.ratioLow(), c.ratioHigh());
  }

  @Test
  void aFlaggedBaselineBoundsFasterAsAFlaggedRunBoundsSlower() {
    Random random = new Random(8);
    List<RunSamples> baseline = runs(random, 5, 2_000_000, 0.02, 0.01, 20).stream()
        .map(r -> contended(r, 1.3)).toList();
    CaseComparison halved = GATE.compare(baseline, runs(random, 1, 1_000_000, 0.0, 0.01, 20), Better.LOWER);
    assertThat(halved.verdict()).as(halved.reason()).isEqualTo(Verdict.FASTER);
    CaseComparison within = GATE.compare(baseline, runs(random, 1, 1_700_000, 0.0, 0.01, 20), Better.LOWER);
    assertThat(within.verdict()).as(within.reason()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(within.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    // a rate is better higher: the flagged baseline's rates at their best are multiplied, not divided
    CaseComparison rates = GATE.compare(baseline.stream().map(r -> r.map(t -> 1e9 / t)).toList(),
        runs(random, 1, 1_000_000, 0.0, 0.01, 20).stream().map(r -> r.map(t -> 1e9 / t)).toList(), Better.HIGHER);
    assertThat(rates.verdict()).as(rates.reason()).isEqualTo(Verdict.FASTER);
  }

  @Test
  void contentionBothSidesSharedBoundsARunOnlyByWhatItHadBeyondTheOtherSide() {
    // every run of both sides on a core the probe found ~1.8x slow (a sibling vCPU busy with the build)
    Random random = new Random(12);
    List<RunSamples> baseline = runs(random, 10, 1_000_000, 0.03, 0.01, 20).stream()
        .map(r -> contended(r, 1.75 + 0.1 * random.nextDouble())).toList();
    RunSamples doubled = contended(runs(random, 1, 2_000_000, 0.0, 0.01, 20).get(0), 1.9);
    CaseComparison c = GATE.compare(baseline, List.of(doubled), Better.LOWER);
    assertThat(c.verdict()).as("divided by the whole 1.9x it would read 1.05x: " + c.reason())
        .isEqualTo(Verdict.SLOWER);
    assertThat(c.reason()).contains("both sides ran contended (typically 1.8");
    // the same change with the other side clean is within what the flag explains, as before
    List<RunSamples> clean = runs(random, 10, 1_000_000, 0.03, 0.01, 20);
    CaseComparison against = GATE.compare(clean, List.of(contended(runs(random, 1, 1_600_000, 0.0, 0.01, 20)
        .get(0), 1.9)), Better.LOWER);
    assertThat(against.verdict()).as(against.reason()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(against.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    // and a run more contended than the other side by 1.3x is bounded by that 1.3x: +25% stays within it
    CaseComparison within = GATE.compare(baseline, List.of(contended(runs(random, 1, 1_250_000, 0.0, 0.01, 20)
        .get(0), 1.75 * 1.3)), Better.LOWER);
    assertThat(within.verdict()).as(within.reason()).isEqualTo(Verdict.AMBIGUOUS);
  }

  @Test
  void oneFlaggedRunEachSideIsBoundedToo() {
    Random random = new Random(9);
    RunSamples base = runs(random, 1, 1_000_000, 0.0, 0.01, 30).get(0);
    CaseComparison doubled = GATE.compare(List.of(base),
        List.of(contended(runs(random, 1, 2_600_000, 0.0, 0.01, 30).get(0), 1.3)), Better.LOWER);
    assertThat(doubled.verdict()).as(doubled.reason()).isEqualTo(Verdict.SLOWER);
    assertThat(doubled.provisional()).isTrue();
  }

  @Test
  void aRunsSlowdownComesFromItsDeviceStateFlags() {
    CaseResult clean = ReportFixtures.timedCase("c", 1e6, 0.01, 20, 1);
    assertThat(RunSamples.of("r", clean).slowdown()).isEqualTo(1.0);
    CaseResult measured = clean.withFlag(new Flag(Flag.CONTENDED, "12 of 20 trials kept ran slowed", 1.4));
    assertThat(RunSamples.of("r", measured).slowdown()).isEqualTo(1.4);
    assertThat(RunSamples.of("r", measured).flags()).containsExactly("contended CPU (1.40x slower)");
    CaseResult shared = measured.withFlag(new Flag(Flag.SHARED, "4242 python3"));
    assertThat(RunSamples.of("r", shared).slowdown()).as("a shared GPU measures nothing").isInfinite();
    assertThat(RunSamples.of("r", shared).bounded()).isFalse();
  }

  /**
   * A run whose forks disagreed (two outcomes 2x apart) may sit on either outcome: a verdict against it must hold
   * with its times divided and multiplied by the ratio, so a change within 2x either way is AMBIGUOUS and one beyond
   * it is not.
   */
  @Test
  void aRunWhoseForksDisagreedIsBoundedByTheirRatioBothWays() {
    Random random = new Random(11);
    List<RunSamples> baseline = runs(random, 5, 1_000_000, 0.02, 0.01, 20);
    CaseComparison faster = GATE.compare(baseline, List.of(forksDisagree(runs(random, 1, 700_000, 0.0, 0.01, 20)
        .get(0), 2)), Better.LOWER);
    assertThat(faster.verdict()).as("-30%% might be the other outcome's: " + faster.reason())
        .isEqualTo(Verdict.AMBIGUOUS);
    assertThat(faster.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    CaseComparison slower = GATE.compare(baseline, List.of(forksDisagree(runs(random, 1, 1_400_000, 0.0, 0.01, 20)
        .get(0), 2)), Better.LOWER);
    assertThat(slower.verdict()).as(slower.reason()).isEqualTo(Verdict.AMBIGUOUS);
    CaseComparison much = GATE.compare(baseline, List.of(forksDisagree(runs(random, 1, 5_000_000, 0.0, 0.01, 20)
        .get(0), 2)), Better.LOWER);
    assertThat(much.verdict()).as("5x is beyond what 2x either way explains: " + much.reason())
        .isEqualTo(Verdict.SLOWER);
    CaseComparison muchFaster = GATE.compare(baseline, List.of(forksDisagree(runs(random, 1, 200_000, 0.0, 0.01, 20)
        .get(0), 2)), Better.LOWER);
    assertThat(muchFaster.verdict()).as(muchFaster.reason()).isEqualTo(Verdict.FASTER);
  }

  /**
   * A baseline of several runs holds a run whose forks disagreed as one more outcome: left out, it would leave too
   * few runs to measure a spread by. Where forks disagreed in half its runs or more, the case has two outcomes as a
   * rule, and a change within their ratio is no verdict.
   */
  @Test
  void forksThatDisagreedInABaselineRunAreCountedAsMeasuredAndBoundOnlyWhereThatIsTheRule() {
    Random random = new Random(21);
    List<RunSamples> baseline = new ArrayList<>(runs(random, 5, 1_000_000, 0.02, 0.01, 20));
    baseline.set(1, forksDisagree(baseline.get(1), 4.8));
    baseline.set(3, contended(baseline.get(3), 1.3));
    CaseComparison doubled = GATE.compare(baseline, runs(random, 1, 2_000_000, 0.0, 0.01, 20), Better.LOWER);
    assertThat(doubled.verdict()).as(doubled.reason()).isEqualTo(Verdict.SLOWER);
    assertThat(doubled.reason()).contains("4 baseline runs, 1 current run")
        .contains("forks disagreed in baseline run " + baseline.get(1).runId() + ", counted as measured")
        .contains("left out, flagged by telemetry: baseline run " + baseline.get(3).runId());

    List<RunSamples> twoOutcomes = new ArrayList<>(runs(random, 5, 1_000_000, 0.02, 0.01, 20));
    for (int i = 0; i < 3; i++) {
      twoOutcomes.set(i, forksDisagree(twoOutcomes.get(i), 3.0));
    }
    CaseComparison other = GATE.compare(twoOutcomes, runs(random, 1, 2_500_000, 0.0, 0.01, 20), Better.LOWER);
    assertThat(other.verdict()).as(other.reason()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(other.ambiguity()).isEqualTo(Ambiguity.FLAGGED);
    assertThat(other.reason()).contains("within the outcomes the baseline's forks showed (up to 3.00x apart");
    CaseComparison beyond = GATE.compare(twoOutcomes, runs(random, 1, 8_000_000, 0.0, 0.01, 20), Better.LOWER);
    assertThat(beyond.verdict()).as(beyond.reason()).isEqualTo(Verdict.SLOWER);
  }

  /**
   * A recorded baseline's runs were made at other times than the current one: the runner's excursion, measured over
   * all its cases, widens the interval; runs made in turns (no runner figure) do not pay it.
   */
  @Test
  void theRunnersExcursionWidensTheIntervalAgainstARecordedBaseline() {
    Random random = new Random(23);
    List<RunSamples> baseline = hostRuns(runs(random, 10, 1_000_000, 0.01, 0.01, 20));
    List<RunSamples> excursion = hostRuns(runs(random, 1, 1_400_000, 0.0, 0.01, 20));
    RunnerSpread runner = new RunnerSpread(java.util.Map.of(RunSamples.HOST, new RunnerSpread.Excursion(1.5, 25, 250)));
    CaseComparison alone = GATE.compare(baseline, excursion, Better.LOWER);
    assertThat(alone.verdict()).as("the case's own runs promise ±4%%: " + alone.reason()).isEqualTo(Verdict.SLOWER);
    CaseComparison widened = GATE.compare(baseline, excursion, Better.LOWER, runner);
    assertThat(widened.verdict()).as(widened.reason()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(widened.reason()).contains("the interval is widened to ×1.50 either way: whole runs on this runner "
        + "moved up to ×1.50 (the 95th percentile over 250 baseline runs of 25 cases)");
    assertThat(widened.ratioLow()).isLessThan(1.0);
    CaseComparison doubled = GATE.compare(baseline, hostRuns(runs(random, 1, 2_000_000, 0.0, 0.01, 20)),
        Better.LOWER, runner);
    assertThat(doubled.verdict()).as(doubled.reason()).isEqualTo(Verdict.SLOWER);
    assertThat(GATE.compare(baseline, excursion, Better.LOWER, RunnerSpread.NONE).verdict())
        .isEqualTo(Verdict.SLOWER);
    // On another clock the host's excursion does not apply.
    assertThat(GATE.compare(runs(random, 10, 1_000_000, 0.01, 0.01, 20), runs(random, 1, 1_400_000, 0.0, 0.01, 20),
        Better.LOWER, runner).verdict()).isEqualTo(Verdict.SLOWER);
  }

  /**
   * Two clean baseline runs (a runner that contended the rest) and the current run: Student's t with 1 degree of
   * freedom put 63.7 standard errors either side of a 2× slower run; the runner's excursion, measured over all the
   * baseline's cases, stands in for a spread those runs cannot measure.
   */
  @Test
  void theRunnersExcursionStandsInForTheSpreadOfTooFewRuns() {
    Random random = new Random(29);
    RunnerSpread runner = new RunnerSpread(java.util.Map.of(RunSamples.HOST, new RunnerSpread.Excursion(1.25, 10, 38)));
    List<RunSamples> two = hostRuns(runs(random, 2, 1_000_000, 0.005, 0.01, 20));
    CaseComparison doubled = GATE.compare(two, hostRuns(runs(random, 1, 2_000_000, 0.0, 0.01, 20)), Better.LOWER,
        runner);
    assertThat(doubled.verdict()).as(doubled.reason()).isEqualTo(Verdict.SLOWER);
    assertThat(doubled.reason()).contains("with the normal quantile (3 runs cannot measure their spread; the runner's"
        + " whole runs moved up to ×1.25 at the 95th percentile, and the spread taken is at least that)");
    assertThat(GATE.compare(two, hostRuns(runs(random, 1, 2_000_000, 0.0, 0.01, 20)), Better.LOWER,
        RunnerSpread.NONE).verdict()).as("no runner figure: t with 1 degree of freedom").isEqualTo(Verdict.AMBIGUOUS);
    // unchanged, a run 1.2x off (inside the runner's excursion): never a verdict
    CaseComparison excursion = GATE.compare(two, hostRuns(runs(random, 1, 1_200_000, 0.0, 0.01, 20)), Better.LOWER,
        runner);
    assertThat(excursion.verdict()).as(excursion.reason()).isEqualTo(Verdict.AMBIGUOUS);
    // four runs (3 degrees of freedom) measure their own spread
    List<RunSamples> four = hostRuns(runs(random, 4, 1_000_000, 0.005, 0.01, 20));
    assertThat(GATE.compare(four, hostRuns(runs(random, 1, 2_000_000, 0.0, 0.01, 20)), Better.LOWER, runner)
        .reason()).doesNotContain("normal quantile");
  }

  @Test
  void cleanRunsThatAContendedRunBeatsAreAnOutcomeOfTheirJvmNotTheCodesLevel() {
    // CI, 2026-12-07: axpy n=4096's one clean baseline run, kept to one fork, settled at 589 ns; its three contended
    // runs read 186-197 ns. A 4x slower build read 783 ns, which the clean run alone called SAME.
    Random random = new Random(41);
    CaseComparator sample = new CaseComparator(CaseComparator.DEFAULT_SIGNIFICANCE, 1.0);
    List<RunSamples> baseline = new ArrayList<>(hostRuns(runs(random, 1, 589, 0, 0.01, 12)));
    for (double level : new double[] {186, 191, 197}) {
      baseline.add(contended(hostRuns(runs(random, 1, level, 0, 0.02, 12)).get(0), 1.9));
    }
    List<RunSamples> slowed = hostRuns(runs(random, 1, 783, 0, 0.01, 16));
    assertThat(sample.compare(baseline.subList(0, 1), slowed, Better.LOWER).verdict())
        .as("the clean run alone").isEqualTo(Verdict.SAME);
    CaseComparison judged = sample.compare(baseline, slowed, Better.LOWER);
    assertThat(judged.verdict()).as(judged.reason()).isNotEqualTo(Verdict.SAME);
    assertThat(judged.reason()).contains("flagged contended CPU (1.90x slower), ran 3.", "better (186",
        "than its clean run (58", "the side stands on all 4 of its runs, the flagged ones bounded by their flags");
    // unchanged code at the level the contended runs show is not FASTER than the clean run, as it was against it
    List<RunSamples> unchangedRun = hostRuns(runs(random, 1, 190, 0, 0.01, 16));
    CaseComparison unchanged = GATE.compare(baseline, unchangedRun, Better.LOWER);
    assertThat(unchanged.verdict()).as(unchanged.reason()).isIn(Verdict.SAME, Verdict.AMBIGUOUS);
    assertThat(GATE.compare(baseline.subList(0, 1), unchangedRun, Better.LOWER).verdict())
        .as("the clean run alone").isEqualTo(Verdict.FASTER);
    // a contended run within 1.5x of the clean one contradicts nothing: the clean run stays the side's figure
    List<RunSamples> near = List.of(baseline.get(0), contended(hostRuns(runs(random, 1, 420, 0, 0.02, 12)).get(0),
        1.9));
    assertThat(sample.compare(near, slowed, Better.LOWER).reason()).doesNotContain("stands on all");
    // nor does a run whose forks disagreed: its figure may sit at the better of two outcomes
    List<RunSamples> split = List.of(baseline.get(0), forksDisagree(baseline.get(1), 3.2));
    assertThat(sample.compare(split, slowed, Better.LOWER).reason()).doesNotContain("stands on all");
  }

  private static List<RunSamples> hostRuns(List<RunSamples> runs) {
    return runs.stream().map(r -> new RunSamples(r.runId(), RunSamples.HOST, r.values(), List.of())).toList();
  }

  @Test
  void aRunsSpreadComesFromItsForksDisagreeFlag() {
    CaseResult clean = ReportFixtures.timedCase("c", 1e6, 0.01, 20, 1);
    assertThat(RunSamples.of("r", clean).spread()).isEqualTo(1.0);
    CaseResult split = clean.withFlag(new Flag(Flag.FORKS_DISAGREE, "the forks' medians differ 4.97x", 4.97));
    RunSamples s = RunSamples.of("r", split);
    assertThat(s.spread()).isEqualTo(4.97);
    assertThat(s.slowdown()).as("no device state").isEqualTo(1.0);
    assertThat(s.flags()).containsExactly("forks disagree (4.97x)");
    assertThat(s.bounded()).isTrue();
    assertThat(s.atWorst(Better.LOWER).median()).isCloseTo(s.median() * 4.97, org.assertj.core.data.Offset.offset(1.0));
    assertThat(s.atBest(Better.LOWER).median()).isCloseTo(s.median() / 4.97, org.assertj.core.data.Offset.offset(1.0));
  }

  private static RunSamples forksDisagree(RunSamples r, double ratio) {
    return new RunSamples(r.runId(), r.clock(), r.values(), List.of(String.format(java.util.Locale.ROOT,
        "forks disagree (%.2fx)", ratio)), 1, ratio);
  }

  private static RunSamples contended(RunSamples r, double slowdown) {
    return new RunSamples(r.runId(), r.clock(), r.values(), List.of(String.format(java.util.Locale.ROOT,
        "contended CPU (%.2fx slower)", slowdown)), slowdown);
  }

  @Test
  void differentClocksAndEmptyRunsAreAmbiguousByTheirOwnRules() {
    RunSamples host = new RunSamples("h", RunSamples.HOST, constant(1e6, 10), List.of());
    CaseComparison clocks = GATE.compare(List.of(run("d", constant(1e6, 10))), List.of(host), Better.LOWER);
    assertThat(clocks.ambiguity()).isEqualTo(Ambiguity.CLOCKS_DIFFER);
    assertThat(clocks.reason()).isEqualTo("clocks differ: baseline device, current host");

    CaseComparison empty = GATE.compare(List.of(run("d", constant(1e6, 10))), List.of(run("e", new double[0])),
        Better.LOWER);
    assertThat(empty.ambiguity()).isEqualTo(Ambiguity.TOO_FEW_SAMPLES);

    CaseComparison none = GATE.compare(List.of(), List.of(run("e", constant(1e6, 3))), Better.LOWER);
    assertThat(none.ambiguity()).isEqualTo(Ambiguity.NOT_COMPARABLE);
    assertThat(none.reason()).isEqualTo("the baseline has no run of the case");
  }

  @Test
  void oneRunEachSideIsProvisional() {
    Random random = new Random(5);
    CaseComparison slower = GATE.compare(runs(random, 1, 1e6, 0, 0.01, 30), runs(random, 1, 2e6, 0, 0.01, 30),
        Better.LOWER);
    assertThat(slower.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(slower.provisional()).isTrue();
    assertThat(slower.verdictText()).isEqualTo("SLOWER (provisional)");
    assertThat(slower.reason()).startsWith("one run each side (provisional").contains("beyond the ±55%");

    // +40% is what a whole run moved on a shared runner now and then, which one run a side cannot measure.
    CaseComparison within = GATE.compare(runs(random, 1, 1e6, 0, 0.01, 30), runs(random, 1, 1.4e6, 0, 0.01, 30),
        Better.LOWER);
    assertThat(within.verdict()).as(within.reason()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(within.ambiguity()).isEqualTo(Ambiguity.NOISE);
    assertThat(within.reason()).contains("within the ±55% one run a side can show");

    CaseComparison few = GATE.compare(List.of(run("a", constant(1e6, 1))), List.of(run("b", constant(2e6, 1))),
        Better.LOWER);
    assertThat(few.ambiguity()).isEqualTo(Ambiguity.TOO_FEW_SAMPLES);
    assertThat(few.verdictText()).isEqualTo("AMBIGUOUS (too few samples, provisional)");
  }

  @Test
  void aFallingRateIsSlower() {
    Random random = new Random(9);
    List<RunSamples> before = runs(random, 5, 1e12, 0.02, 0.01, 20);
    List<RunSamples> after = runs(random, 1, 0.5e12, 0.02, 0.01, 20);
    assertThat(GATE.compare(before, after, Better.HIGHER).verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(GATE.compare(after, before, Better.HIGHER).verdict()).isEqualTo(Verdict.FASTER);
  }

  @Test
  void interleavedRunsOnBothSidesPoolTheirSpreadAndSeeTwentyPercent() {
    // A/B mode: six runs of each build, taken in turns on the same machine, each run 4% off (sd).
    Random random = new Random(13);
    int seen = 0;
    for (int i = 0; i < 100; i++) {
      CaseComparison c = GATE.compare(runs(random, 6, 1e6, 0.04, 0.02, 20), runs(random, 6, 1.2e6, 0.04, 0.02, 20),
          Better.LOWER);
      if (c.verdict() == Verdict.SLOWER) {
        seen++;
      }
      assertThat(c.reason()).contains("6 baseline runs, 6 current runs");
    }
    assertThat(seen).isGreaterThanOrEqualTo(90);
  }

  @Test
  void settingsOutOfRangeAndADirectionlessFigureAreRefused() {
    assertThatThrownBy(() -> new CaseComparator(0, 0.05)).hasMessage("significance 0.0 is not between 0 and 1");
    assertThatThrownBy(() -> new CaseComparator(0.01, -1))
        .hasMessage("minimum effect -1.0 is not a finite share of at least 0");
    assertThatThrownBy(() -> GATE.compare(List.of(), List.of(), Better.NEITHER))
        .hasMessageContaining("better neither higher nor lower");
  }

  @Test
  void hostTimedRunsRecordedBackToBackAreNotTrustedToSpreadLessThanTheFloor() {
    // Ten baseline runs in a row spread ±0.5%; a later run of the same code is 8% off, as runs made later were on a
    // shared runner. The device clock keeps the precision its runs showed.
    Random random = new Random(31);
    List<RunSamples> tight = runs(random, 10, 1_000_000, 0.005, 0.01, 30);
    List<RunSamples> later = runs(random, 1, 1_080_000, 0, 0.01, 30);
    CaseComparison host = GATE.compare(onHost(tight), onHost(later), Better.LOWER);
    assertThat(host.verdict()).as(host.reason()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(host.reason()).containsPattern("runs spread ±0\\.\\d%, taken as ±4\\.0% \\(the least host-timed runs");
    assertThat(GATE.compare(tight, later, Better.LOWER).verdict()).isEqualTo(Verdict.SLOWER);
    // A doubling is far beyond it.
    assertThat(GATE.compare(onHost(tight), onHost(runs(random, 1, 2_000_000, 0, 0.01, 30)), Better.LOWER).verdict())
        .isEqualTo(Verdict.SLOWER);
  }

  private static List<RunSamples> onHost(List<RunSamples> runs) {
    return runs.stream().map(r -> new RunSamples(r.runId(), RunSamples.HOST, r.values(), r.flags())).toList();
  }

  static List<RunSamples> runs(Random random, int count, double median, double runSpread, double trialSpread,
      int trials) {
    List<RunSamples> runs = new ArrayList<>();
    for (int r = 0; r < count; r++) {
      double centre = median * Math.exp(runSpread * random.nextGaussian());
      double[] xs = new double[trials];
      for (int i = 0; i < trials; i++) {
        xs[i] = centre * Math.exp(trialSpread * random.nextGaussian());
      }
      runs.add(run("r" + random.nextInt(1_000_000), xs));
    }
    return runs;
  }

  static RunSamples run(String id, double[] values) {
    return new RunSamples(id, RunSamples.DEVICE, values, List.of());
  }

  static double[] constant(double value, int n) {
    double[] xs = new double[n];
    java.util.Arrays.fill(xs, value);
    return xs;
  }

  @Test
  void anIntervalEndIsAChangeWithinTenfoldAndAFactorBeyondSoThatNoTimeReadsAsNothing() {
    assertThat(CaseComparison.intervalEnd(1.25)).isEqualTo("+25.0%");
    assertThat(CaseComparison.intervalEnd(0.8)).isEqualTo("-20.0%");
    assertThat(CaseComparison.intervalEnd(2.3e-7)).as("once -100.0%").isEqualTo("÷4.35e+06");
    assertThat(CaseComparison.intervalEnd(37.6)).isEqualTo("×37.6");
    assertThat(CaseComparison.intervalEnd(Double.POSITIVE_INFINITY)).isEqualTo("×∞");
  }
}
