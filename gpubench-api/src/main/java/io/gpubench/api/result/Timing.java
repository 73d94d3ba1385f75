package io.gpubench.api.result;

import io.gpubench.api.CacheMode;
import java.util.List;

/**
 * How a case was timed, and the times.
 *
 * @param deviceClock the device timer used besides the host clock, such as {@code "cuda-event"}, or null
 * @param cache hot or cold caches
 * @param warmupCalls untimed calls before the trials
 * @param callsPerTrial calls per timed trial
 * @param firstCallNanos the first call's host time, cold start and compilation included; never part of the
 *     statistics
 * @param trials every timed trial, per call
 * @param host statistics of the host times
 * @param device statistics of the device times, or null
 * @param stop why the trials stopped
 * @param stopDetail the figures behind the stop, such as {@code "±0.8% <= ±1.0% after 17 trials"}
 * @param timedSeconds host seconds spent in timed trials
 */
public record Timing(
    String deviceClock,
    CacheMode cache,
    int warmupCalls,
    int callsPerTrial,
    double firstCallNanos,
    List<Trial> trials,
    Statistics host,
    Statistics device,
    StopReason stop,
    String stopDetail,
    double timedSeconds) {

  /**
   * Makes the timing, copying the trials.
   *
   * @param deviceClock device timer
   * @param cache cache mode
   * @param warmupCalls warm-up calls
   * @param callsPerTrial calls per trial
   * @param firstCallNanos first call
   * @param trials trials
   * @param host host statistics
   * @param device device statistics
   * @param stop stop reason
   * @param stopDetail stop detail
   * @param timedSeconds timed seconds
   */
  public Timing {
    trials = List.copyOf(trials);
  }

  /**
   * The statistics that figures are computed from: the device's where it has a timer, else the host's.
   *
   * @return the primary statistics
   */
  public Statistics primary() {
    return device != null ? device : host;
  }
}
