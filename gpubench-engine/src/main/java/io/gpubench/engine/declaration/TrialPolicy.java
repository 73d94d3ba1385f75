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
 * @param callsPerTrial calls per trial
 * @param cache hot or cold caches
 * @param deviceTiming how a device with its own timer times the trials
 */
public record TrialPolicy(
    int warmup, int min, int max, double target, double confidence, double budgetSeconds, int callsPerTrial,
    CacheMode cache, DeviceTiming deviceTiming) {

  /**
   * A policy whose device picks its timing mode ({@link DeviceTiming#AUTO}).
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
    this(warmup, min, max, target, confidence, budgetSeconds, callsPerTrial, cache, DeviceTiming.AUTO);
  }

  /**
   * The policy an annotation declares, or the defaults.
   *
   * @param trials the annotation, or null
   * @return the policy
   */
  static TrialPolicy of(Trials trials) {
    if (trials == null) {
      return new TrialPolicy(2, 5, 200, 0.01, 0.95, 5.0, 1, CacheMode.HOT);
    }
    return new TrialPolicy(trials.warmup(), trials.min(), trials.max(), trials.targetRelativeHalfWidth(),
        trials.confidence(), trials.budgetSeconds(), trials.callsPerTrial(), trials.cache(), trials.deviceTiming());
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
    if (callsPerTrial < 1) {
      return "callsPerTrial = " + callsPerTrial + ": at least 1";
    }
    return null;
  }
}
