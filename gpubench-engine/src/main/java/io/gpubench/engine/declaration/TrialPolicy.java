package io.gpubench.engine.declaration;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Trials;

/**
 * How one case is warmed up and timed: the class's {@link Trials} with the run's overrides applied.
 *
 * @param warmup untimed calls, at least 1
 * @param min fewest trials, at least 2
 * @param max most trials
 * @param target target relative half-width of the interval
 * @param confidence the interval's confidence level
 * @param budgetSeconds most timed seconds
 * @param callsPerTrial calls per trial, or 0 for the engine's choice
 * @param cache hot or cold caches
 * @param deviceTiming how a device with its own timer times the trials
 * @param maxWarmupSeconds the most seconds of warm-up until steady as a cap of its own; 0 for the declared calls
 *     only; {@link Trials#WITHIN_BUDGET} for a warm-up within the budget
 */
public record TrialPolicy(
    int warmup, int min, int max, double target, double confidence, double budgetSeconds, int callsPerTrial,
    CacheMode cache, DeviceTiming deviceTiming, double maxWarmupSeconds) {

  /** The default of {@link Trials#maxWarmupSeconds()}: the warm-up shares the budget. */
  public static final double DEFAULT_MAX_WARMUP_SECONDS = Trials.WITHIN_BUDGET;

  /**
   * The most share of a fork's budget its warm-up until steady may take when it shares the budget: the rest is for
   * the trials, so that a case still waiting for its JIT is timed (and flagged) rather than never timed. Nine tenths:
   * HotSpot's C2 compiles a trial loop after a thousand-odd runs, a tenth of a second of 100 µs trials, which a small
   * budget's fork barely has; the trials, five of 100 µs where the calls are quick, need a few milliseconds (and the
   * stopping rule still ends them at the budget, after two).
   */
  public static final double WARMUP_SHARE = 0.9;

  /**
   * A policy without warm-up rounds: the declared calls only, as before warm-up until steady existed.
   *
   * @param warmup untimed calls
   * @param min fewest trials
   * @param max most trials
   * @param target target relative half-width
   * @param confidence confidence level
   * @param budgetSeconds most timed seconds
   * @param callsPerTrial calls per trial
   * @param cache hot or cold caches
   * @param deviceTiming device timing mode
   */
  public TrialPolicy(int warmup, int min, int max, double target, double confidence, double budgetSeconds,
      int callsPerTrial, CacheMode cache, DeviceTiming deviceTiming) {
    this(warmup, min, max, target, confidence, budgetSeconds, callsPerTrial, cache, deviceTiming, 0);
  }

  /**
   * A policy whose device picks its timing mode ({@link DeviceTiming#AUTO}), without warm-up rounds.
   *
   * @param warmup untimed calls
   * @param min fewest trials
   * @param max most trials
   * @param target target relative half-width
   * @param confidence confidence level
   * @param budgetSeconds most timed seconds
   * @param callsPerTrial calls per trial
   * @param cache hot or cold caches
   */
  public TrialPolicy(int warmup, int min, int max, double target, double confidence, double budgetSeconds,
      int callsPerTrial, CacheMode cache) {
    this(warmup, min, max, target, confidence, budgetSeconds, callsPerTrial, cache, DeviceTiming.AUTO, 0);
  }

  /** A class that declares {@code @Trials} with nothing set: its annotation holds the defaults, written once. */
  @Trials
  private static final class Defaults {}

  /** {@code @Trials}' own defaults, read from the annotation so that they are written in one place, as JUnit does. */
  static final Trials DEFAULTS = Defaults.class.getAnnotation(Trials.class);

  /**
   * The policy an annotation declares, or the defaults.
   *
   * @param trials the annotation, or null
   * @return the policy
   */
  static TrialPolicy of(Trials trials) {
    if (trials == null) {
      return of(DEFAULTS);
    }
    return new TrialPolicy(trials.warmup(), trials.min(), trials.max(), trials.targetRelativeHalfWidth(),
        trials.confidence(), trials.budgetSeconds(), trials.callsPerTrial(), trials.cache(), trials.deviceTiming(),
        trials.maxWarmupSeconds());
  }

  /**
   * Whether the warm-up until steady shares the budget with the trials (no cap of its own was declared).
   *
   * @return true for {@link Trials#WITHIN_BUDGET}
   */
  public boolean warmupWithinBudget() {
    return maxWarmupSeconds < 0;
  }

  /**
   * The most seconds this policy's warm-up until steady may take before the trials: its own cap, or where it shares
   * the budget, {@value #WARMUP_SHARE} of it.
   *
   * @return seconds; 0 for the declared calls only
   */
  public double warmupCapSeconds() {
    return warmupWithinBudget() ? WARMUP_SHARE * budgetSeconds : maxWarmupSeconds;
  }

  /**
   * This policy with the trial limits one of several forks gets: the budget and the most trials shared between
   * them, each fork keeping the fewest trials (an interval needs them in every fork).
   *
   * @param forks how many forks measure the case
   * @return the policy of one fork
   */
  public TrialPolicy perFork(int forks) {
    if (forks <= 1) {
      return this;
    }
    return new TrialPolicy(warmup, min, Math.max(min, (max + forks - 1) / forks), target, confidence,
        budgetSeconds / forks, callsPerTrial, cache, deviceTiming, maxWarmupSeconds);
  }

  /**
   * This policy with another budget: what the trials may spend once a warm-up within the budget took its part.
   *
   * @param seconds the budget, positive
   * @return the policy
   */
  public TrialPolicy withBudgetSeconds(double seconds) {
    return new TrialPolicy(warmup, min, max, target, confidence, seconds, callsPerTrial, cache, deviceTiming,
        maxWarmupSeconds);
  }

  /**
   * Why this policy cannot run, or null when it can.
   *
   * @return the problem, quoting the value
   */
  public String problem() {
    if (warmup < 1) {
      return "warmup = " + warmup + ": at least 1 (the first warm-up call is the checked one)";
    }
    if (min < 2) {
      return "min = " + min + ": at least 2 trials are needed for a confidence interval";
    }
    if (max < min) {
      return "max = " + max + " is below min = " + min;
    }
    if (!(target > 0)) {
      return "targetRelativeHalfWidth = " + target + ": must be positive";
    }
    if (!(confidence > 0 && confidence < 1)) {
      return "confidence = " + confidence + ": must be in (0, 1)";
    }
    if (!(budgetSeconds > 0)) {
      return "budgetSeconds = " + budgetSeconds + ": must be positive";
    }
    if (callsPerTrial < 0) {
      return "callsPerTrial = " + callsPerTrial + ": at least 1, or 0 for the engine's choice";
    }
    if (!(maxWarmupSeconds >= 0 || maxWarmupSeconds == Trials.WITHIN_BUDGET) || Double.isInfinite(maxWarmupSeconds)) {
      return "maxWarmupSeconds = " + maxWarmupSeconds + ": must be 0 or more seconds, or " + Trials.WITHIN_BUDGET
          + " (the default) for a warm-up within budgetSeconds";
    }
    return null;
  }
}
