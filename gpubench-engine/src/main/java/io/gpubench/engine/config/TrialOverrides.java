package io.gpubench.engine.config;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.engine.declaration.TrialPolicy;

/**
 * The run's overrides of {@code @Trials}, each null when not set; read and checked once, when the run starts.
 *
 * @param warmup {@link Constants#TRIALS_WARMUP}
 * @param min {@link Constants#TRIALS_MIN}
 * @param max {@link Constants#TRIALS_MAX}
 * @param target {@link Constants#TRIALS_TARGET}
 * @param budgetSeconds {@link Constants#TRIALS_BUDGET_SECONDS}
 * @param callsPerTrial {@link Constants#TRIALS_CALLS_PER_TRIAL}
 * @param cache {@link Constants#CACHE}
 * @param deviceTiming {@link Constants#CUDA_TIMING}
 */
public record TrialOverrides(Integer warmup, Integer min, Integer max, Double target, Double budgetSeconds,
    Integer callsPerTrial, CacheMode cache, DeviceTiming deviceTiming) {

  /** No override. */
  public static final TrialOverrides NONE = new TrialOverrides(null, null, null, null, null, null, null, null);

  /**
   * A class's policy with the overrides applied.
   *
   * @param declared the class's policy
   * @return the policy in force
   */
  public TrialPolicy applyTo(TrialPolicy declared) {
    return new TrialPolicy(
        warmup != null ? warmup : declared.warmup(),
        min != null ? min : declared.min(),
        max != null ? max : declared.max(),
        target != null ? target : declared.target(),
        declared.confidence(),
        budgetSeconds != null ? budgetSeconds : declared.budgetSeconds(),
        callsPerTrial != null ? callsPerTrial : declared.callsPerTrial(),
        cache != null ? cache : declared.cache(),
        deviceTiming != null ? deviceTiming : declared.deviceTiming());
  }
}
