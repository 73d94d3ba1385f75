package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.Better;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Runs on a core whose speed comes and goes in stretches (a host sharing it with another tenant): the probe's
 * slowdown travels with each trial, and a comparison judges a run by its quiet trials.
 */
class QuietTrialsTest {

  private static final String ID = "x.ImageBenchmark#blur[h=128][FP32][cpu]";

  @Test
  void aRunIsJudgedByItsQuietTrialsAndTheContendedFlagNoLongerBoundsThem() {
    CaseResult c = run(new Random(1), 1e6, 0.7, 40).withFlag(new Flag(Flag.CONTENDED, "28 of 40 trials kept", 1.6));
    RunSamples s = RunSamples.of("r", c);
    assertThat(s.size()).isBetween(6, 20);
    assertThat(s.median()).isBetween(0.98e6, 1.02e6);
    assertThat(s.flags()).as("the flag was about the other trials").isEmpty();
    assertThat(s.slowdown()).isEqualTo(1.0);
    assertThat(RunSamples.allTrials("r", c).size()).as("reports show every kept trial").isEqualTo(40);
    assertThat(RunSamples.allTrials("r", c).median()).isGreaterThan(1.3e6);
  }

  @Test
  void tooFewQuietTrialsLeaveTheRunAsItWasFlaggedAndBounded() {
    CaseResult c = run(new Random(2), 1e6, 0.95, 40, 4).withFlag(new Flag(Flag.CONTENDED, "36 of 40", 1.6));
    RunSamples s = RunSamples.of("r", c);
    assertThat(s.size()).isEqualTo(40);
    assertThat(s.flags()).containsExactly("contended CPU (1.60x slower)");
    assertThat(s.slowdown()).isEqualTo(1.6);
  }

  @Test
  void runsThatFallDifferentlyBetweenSlowStretchesAgreeOnUnchangedCodeAndSeeADoubling() {
    // Each run's share of contended trials is drawn anew, 10% to 80%: its median moves with it, its quiet trials do
    // not. Without the quiet trials the baseline's runs spread so far that a doubling could not be told.
    Random random = new Random(3);
    List<RunSamples> baseline = new ArrayList<>();
    for (int r = 0; r < 5; r++) {
      baseline.add(RunSamples.of("b" + r, run(random, 1e6 * (1 + 0.02 * random.nextGaussian()),
          0.1 + 0.7 * random.nextDouble(), 40)));
    }
    int falseCalls = 0;
    for (int i = 0; i < 20; i++) {
      RunSamples same = RunSamples.of("u" + i, run(random, 1e6 * (1 + 0.02 * random.nextGaussian()),
          0.1 + 0.7 * random.nextDouble(), 40));
      Verdict v = CaseComparator.DEFAULT.compare(baseline, List.of(same), Better.LOWER).verdict();
      falseCalls += v == Verdict.SLOWER || v == Verdict.FASTER ? 1 : 0;
      RunSamples doubled = RunSamples.of("s" + i, run(random, 2e6, 0.1 + 0.7 * random.nextDouble(), 40));
      CaseComparison c = CaseComparator.DEFAULT.compare(baseline, List.of(doubled), Better.LOWER);
      assertThat(c.verdict()).as(c.reason()).isEqualTo(Verdict.SLOWER);
      assertThat(c.ratio()).isBetween(1.9, 2.1);
    }
    assertThat(falseCalls).isZero();
  }

  // A run whose trials fell in slow stretches (1.5-1.7x slower, the probe measuring as much) with the given share.
  private static CaseResult run(Random random, double nanos, double contendedShare, int n) {
    return run(random, nanos, contendedShare, n, -1);
  }

  private static CaseResult run(Random random, double nanos, double contendedShare, int n, int quietExactly) {
    List<Trial> trials = new ArrayList<>();
    int quiet = 0;
    for (int i = 0; i < n; i++) {
      boolean contended = quietExactly >= 0 ? i >= quietExactly : random.nextDouble() < contendedShare;
      double noise = 1 + 0.01 * random.nextGaussian();
      double slowdown = contended ? 1.5 + 0.2 * random.nextDouble() : 1 + 0.1 * random.nextDouble();
      trials.add(new Trial(nanos * noise * (contended ? slowdown : 1), null, null, slowdown));
      quiet += contended ? 0 : 1;
    }
    CaseResult c = ReportFixtures.timedCase(ID, nanos, 0.01, n, 9);
    Timing t = c.timing();
    Timing mixed = new Timing(t.deviceClock(), t.deviceTiming(), t.deviceTimingReason(), t.cache(), t.warmupCalls(),
        t.callsPerTrial(), t.firstCallNanos(), trials, t.host(), t.device(), t.launchInclusive(), t.stop(),
        t.stopDetail(), t.timedSeconds(), t.warmup(), t.discardedTrials(), t.forks());
    CaseResult mixedCase = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(),
        c.precision(), c.shape(), c.status(), c.message(), mixed, c.correctness(), c.throughput(), c.telemetry(),
        c.memory(), c.metrics(), c.audit(), c.worldSize(), c.flags(), c.axisOverrides());
    // as the engine does: most kept trials contended flag the case, with the median kept trial's slowdown
    return 2 * quiet < n && quietExactly < 0 ? mixedCase.withFlag(new Flag(Flag.CONTENDED, "most trials", 1.6))
        : mixedCase;
  }
}
