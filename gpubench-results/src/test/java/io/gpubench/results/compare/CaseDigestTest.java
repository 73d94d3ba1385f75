package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Telemetry;
import java.util.List;
import org.junit.jupiter.api.Test;

class CaseDigestTest {

  @Test
  void aCaseWhoseThrottledTrialsWereMeasuredAgainAtSpeedIsNotFlaggedThoughItsTelemetrySawTheThrottle() {
    // The telemetry summary spans the discarded trials; the engine raised no flag for the trials it kept.
    CaseResult c = withTelemetry(ReportFixtures.timedCase("x#w[n=1][FP32][cuda:0]", 1e6, 0.01, 20, 1), true, false);

    assertThat(RunFlags.deviceStateFlags(c)).isEmpty();
    assertThat(RunSamples.of("r1", c).flags()).as("compared, not left out").isEmpty();
    assertThat(CaseDigest.of(c).flags()).noneMatch(f -> f.startsWith("throttled"));
  }

  @Test
  void theEnginesFlagsOfEveryForkAreReadWithTheTelemetrysReasonsAndShownOnce() {
    // Telemetry is the first fork's and saw nothing; a later fork was throttled and shared.
    CaseResult c = withTelemetry(ReportFixtures.timedCase("x#w[n=1][FP32][cuda:0]", 1e6, 0.01, 20, 2), false, false)
        .withFlag(new Flag(Flag.THROTTLED, "fork 2: 9 of 10 trials kept ran slowed (HW_SLOWDOWN)"))
        .withFlag(new Flag(Flag.SHARED, "other processes used the device during the trials: 42 python"))
        .withFlag(new Flag(Flag.THROTTLED, "fork 3: 10 of 10 trials kept ran slowed (HW_SLOWDOWN)"))
        .withFlag(new Flag("trending", "a shift of 3%"));

    assertThat(RunFlags.deviceStateFlags(c)).containsExactly(
        "throttled (fork 2: 9 of 10 trials kept ran slowed (HW_SLOWDOWN))",
        "shared GPU (other processes used the device during the trials: 42 python)");
    assertThat(RunSamples.of("r1", c).flags()).hasSize(2);
    assertThat(CaseDigest.of(c).flags()).containsExactly(RunFlags.deviceStateFlags(c).get(0),
        RunFlags.deviceStateFlags(c).get(1), "trending");
  }

  @Test
  void aThrottledFlagNamesTheTelemetrysReasonsWhereThereAreSome() {
    CaseResult c = withTelemetry(ReportFixtures.timedCase("x#w[n=1][FP32][cuda:0]", 1e6, 0.01, 20, 3), true, true)
        .withFlag(new Flag(Flag.THROTTLED, "20 of 20 trials kept ran slowed"))
        .withFlag(new Flag(Flag.SHARED, ""));

    assertThat(RunFlags.deviceStateFlags(c))
        .containsExactly("throttled (SW_POWER_CAP)", "shared GPU (4242 train.py)");
  }

  @Test
  void aContendedCpuCaseIsShownOnceWithTheSlowdownTheProbeMeasured() {
    CaseResult c = ReportFixtures.timedCase("x#w[n=1][FP32][cpu]", 1e4, 0.01, 20, 4)
        .withFlag(new Flag(Flag.CONTENDED, "20 of 20 trials kept ran slowed (cpu_contended: a probe ...)", 1.375));

    assertThat(CaseDigest.of(c).flags()).as("one line a case: the detail is in the reports")
        .containsExactly("contended CPU (1.38x slower)");
    assertThat(RunFlags.deviceStateSlowdown(c)).isEqualTo(1.375);
  }

  @Test
  void theTimeIsShownWithTheEnginesIntervalOfTheMedian() {
    CaseResult c = ReportFixtures.timedCase("x#w[n=1][FP32][cpu]", 1e4, 0.01, 20, 5);
    var s = c.timing().primary();
    assertThat(CaseDigest.time(c)).isEqualTo(Figures.duration(s.median()) + " ("
        + Figures.durationRange(s.ciLow(), s.ciHigh(), s.median()) + ")");
  }

  @Test
  void aLegacyIntervalBelowZeroIsNotShownButTheTrialsIntervalOfTheMedian() {
    CaseResult c = ReportFixtures.timedCase("x#w[n=1][FP32][cpu]", 1e4, 0.01, 20, 6);
    var t = c.timing();
    var s = t.host();
    var legacy = new io.gpubench.api.result.Statistics(s.n(), s.mean(), s.median(), s.min(), s.max(), s.stdev(),
        s.p90(), s.p99(), s.confidence(), -2.4 * s.median(), 4.9 * s.median());
    var timing = new io.gpubench.api.result.Timing(t.deviceClock(), t.cache(), t.warmupCalls(), t.callsPerTrial(),
        t.firstCallNanos(), t.trials(), legacy, null, t.stop(), t.stopDetail(), t.timedSeconds());
    CaseResult old = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), timing, c.correctness(), c.throughput(), c.telemetry(), c.memory(),
        c.metrics());
    assertThat(CaseDigest.time(old)).doesNotContain("-").matches(".+ \\(.+–.+\\)");
  }

  @Test
  void forksThatDisagreeBoundAComparisonBothWaysAndShowOnce() {
    CaseResult c = ReportFixtures.timedCase("x#w[n=1][FP32][cpu]", 1e4, 0.01, 20, 7)
        .withFlag(new Flag(Flag.FORKS_DISAGREE, "the forks' medians differ 4.97x (fork 1 5.57 µs, fork 2 1.12 µs)",
            4.97));
    assertThat(RunFlags.deviceStateFlags(c)).as("not the device's state").isEmpty();
    assertThat(RunFlags.comparisonFlags(c)).containsExactly("forks disagree (4.97x)");
    assertThat(RunFlags.bothWaysSpread(c)).isEqualTo(4.97);
    assertThat(RunFlags.deviceStateSlowdown(c)).isEqualTo(1.0);
    assertThat(CaseDigest.of(c).flags()).containsExactly("forks-disagree");
  }

  @Test
  void everyLabelAComparisonWritesMapsBackToItsFlagCode() {
    CaseResult base = ReportFixtures.timedCase("x#w[n=1][FP32][cpu]", 1e4, 0.01, 20, 7);
    for (Flag f : List.of(new Flag(Flag.CONTENDED, "12 of 20 trials kept ran slowed", 1.31),
        new Flag(Flag.FORKS_DISAGREE, "the forks' medians differ 2.10x", 2.1))) {
      String label = RunFlags.comparisonFlags(base.withFlag(f)).get(0);
      assertThat(RunFlags.flagCode(label)).as(label).isEqualTo(f.code());
    }
    CaseResult gpu = withTelemetry(base, true, true);
    for (String label : RunFlags.deviceStateFlags(gpu.withFlag(new Flag(Flag.THROTTLED, "SW_POWER_CAP"))
        .withFlag(new Flag(Flag.SHARED, "4242 train.py")))) {
      assertThat(RunFlags.flagCode(label)).as(label).isIn(Flag.THROTTLED, Flag.SHARED);
    }
    assertThat(RunFlags.flagCode("imported from a file")).isEqualTo("imported");
  }

  private static CaseResult withTelemetry(CaseResult c, boolean throttled, boolean shared) {
    Telemetry t = new Telemetry(20, 1900.0, 1500.0, 1980.0, 400.0, 450.0, 70.0,
        throttled ? List.of("SW_POWER_CAP") : List.of(), throttled, shared,
        shared ? List.of("4242 train.py") : List.of(), List.of());
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(), c.shape(),
        c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), t, c.memory(), c.metrics());
  }
}
