package io.gpubench.engine.execution;

import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.statistics.TrendTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The flags of one fork of a case: what a reader must know before trusting its figures. The codes are stable (the
 * gate and the baseline goal read them; {@code docs/results-schema.md} lists them):
 * <ul>
 *   <li>{@value Flag#TRENDING}: the trials still trended ({@link TrendTest}, a shift of at least twice the target
 *       half-width and at least 1%);
 *   <li>{@value Flag#WIDE_PLATEAU}: the interval stopped narrowing (plateau) at more than {@value #WIDE_FACTOR} times the
 *       target half-width;
 *   <li>{@value Flag#THROTTLED}: trials kept ran on a throttled device (after the discarded ones were measured again,
 *       the device stayed throttled), or the device was throttled and gave no per-trial telemetry to tell;
 *   <li>{@value Flag#SHARED}: another process used the device during the trials;
 *   <li>{@value Flag#CONTENDED}: most trials kept ran on a contended CPU core (a probe after them ran slow; see
 *       {@code CpuContention}), after the discarded ones were measured again;
 *   <li>{@value Flag#NOT_STEADY}: the warm-up was cut short (its cap, or its share of the budget) before the code was
 *       steady: the trials may time code still being compiled. Not waited for, and not hidden.
 * </ul>
 * {@value Flag#FORKS_DISAGREE} is the case's, not a fork's ({@link ForkAgreement}).
 * The last three carry the slowdown the trials kept were measured to run at ({@link TrialSeries#slowdown()}) where
 * it was measured.
 */
final class CaseFlags {
  /** How many target half-widths make a plateau wide. */
  static final double WIDE_FACTOR = 3;

  /** The smallest trend, as a share, that is flagged whatever the target. */
  static final double MIN_TREND = 0.01;

  private CaseFlags() {}

  static List<Flag> of(TrialPolicy policy, TrialSeries series, Timing timing, Telemetry telemetry) {
    List<Flag> flags = new ArrayList<>();
    if (timing.warmup() != null && timing.warmup().end() == io.gpubench.api.result.WarmupEnd.CAP) {
      flags.add(new Flag(Flag.NOT_STEADY, "the warm-up was cut short before the code was steady, and the trials timed"
          + " it as it was: " + timing.warmup().detail()));
    }
    TrendTest.of(series.primary(), Math.max(2 * policy.target(), MIN_TREND))
        .ifPresent(d -> flags.add(new Flag(Flag.TRENDING, d + ": the code was still changing speed while it was timed")));
    Statistics s = timing.primary();
    double hw = s.relativeHalfWidth();
    if (timing.stop() == StopReason.PLATEAU && hw > WIDE_FACTOR * policy.target()) {
      flags.add(new Flag(Flag.WIDE_PLATEAU, String.format(Locale.ROOT,
          "the interval stopped narrowing at ±%.1f%%, over %.0f times the target ±%.1f%%: the trials are noisier"
              + " than the target allows (an outlier, or a load on the machine)", hw * 100, WIDE_FACTOR,
          policy.target() * 100)));
    }
    String throttled = series.throttledDetail();
    if (throttled != null) {
      flags.add(new Flag(series.keptOnlyContended() ? Flag.CONTENDED : Flag.THROTTLED, throttled,
          series.slowdown()));
    } else if (!series.conditionsSeen() && telemetry != null && telemetry.throttled()) {
      flags.add(new Flag(Flag.THROTTLED, "the device was throttled during the trials ("
          + String.join(", ", telemetry.throttleReasons()) + "), and gave no per-trial telemetry to discard them by"));
    }
    if (telemetry != null && telemetry.shared()) {
      flags.add(new Flag(Flag.SHARED, "other processes used the device during the trials: "
          + String.join(", ", telemetry.otherProcesses())));
    }
    return flags;
  }
}
