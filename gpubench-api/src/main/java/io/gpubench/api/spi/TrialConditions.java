package io.gpubench.api.spi;

import java.util.List;

/**
 * What a device's telemetry saw around one timed trial, for the engine to tell a trial the device slowed down from
 * one it ran at speed. The engine discards (and measures again, within the case's budget) a trial with a
 * {@link #throttleReasons() reason} or with an {@link #smClockMhz() SM clock} well below the case's steady clock.
 *
 * @param throttleReasons the reasons the device gave for holding its clocks down around the trial, by name (NVML's
 *     clock-event reasons, such as {@code sw_power_cap} or {@code hw_thermal_slowdown}), without {@code gpu_idle},
 *     which only says that the device waited for work; empty when it gave none
 * @param smClockMhz the lowest SM clock sampled around the trial, or null where unknown
 * @param slowdown how many times slower than at its quietest the device or core ran around the trial, as measured
 *     (the CPU's contention probe: its time over its quiet time), or null where nothing measured it; the engine
 *     bounds a flagged case's figures with it
 */
public record TrialConditions(List<String> throttleReasons, Double smClockMhz, Double slowdown) {

  /**
   * The reason the engine gives a CPU trial after which its contention probe ran slow: the core was shared with
   * another busy thread. A reason that starts with it is the CPU's, not a GPU's.
   */
  public static final String CPU_CONTENDED = "cpu_contended";

  /**
   * Copies the reasons.
   *
   * @param throttleReasons reasons
   * @param smClockMhz SM clock
   * @param slowdown measured slowdown, at least 0 where known
   */
  public TrialConditions {
    throttleReasons = throttleReasons == null ? List.of() : List.copyOf(throttleReasons);
    if (slowdown != null && !(slowdown >= 0) || slowdown != null && slowdown.isInfinite()) {
      throw new IllegalArgumentException("a slowdown is a finite factor of at least 0, not " + slowdown);
    }
  }

  /**
   * Conditions a GPU's telemetry saw: reasons and clock, no measured slowdown.
   *
   * @param throttleReasons reasons
   * @param smClockMhz SM clock
   */
  public TrialConditions(List<String> throttleReasons, Double smClockMhz) {
    this(throttleReasons, smClockMhz, null);
  }
}
