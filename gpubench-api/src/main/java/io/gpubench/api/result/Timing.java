package io.gpubench.api.result;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import java.util.List;

/**
 * How a case was timed, and the times.
 *
 * @param deviceClock the device timer used besides the host clock, such as {@code "cuda-event"}, or null
 * @param deviceTiming the mode the device timer was used in ({@link DeviceTiming#EVENTS}, {@code BLOCKED} or
 *     {@code GRAPH}; never {@code AUTO}), or null for host time only
 * @param deviceTimingReason why that mode: asked for, or what the automatic choice measured; null for host time only
 * @param cache hot or cold caches
 * @param warmupCalls untimed calls before the trials (of the first fork), the checked call and warm-up rounds included
 * @param callsPerTrial calls per timed trial
 * @param firstCallNanos the first call's host time, cold start and compilation included; never part of the
 *     statistics
 * @param trials every timed trial, per call
 * @param host statistics of the host times
 * @param device statistics of the device times, or null
 * @param launchInclusive statistics of the launch-inclusive device times (the calls launched plainly between two
 *     events), measured beside blocked or graph trials; null in events mode, where {@code device} is that figure
 * @param stop why the trials stopped (of the last fork, where several measured the case)
 * @param stopDetail the figures behind the stop, such as {@code "±0.8% <= ±1.0% after 17 trials"}; where several
 *     forks measured the case, each fork's and how their interval was combined
 * @param timedSeconds host seconds spent in timed trials
 * @param warmup how the warm-up ended (where several forks measured the case: {@link WarmupEnd#STEADY} only when
 *     every fork's did), or null in results written before it was recorded
 * @param discardedTrials trials discarded because the device ran throttled during them, and measured again
 * @param forks what each fork measured, in order, where more than one measured the case; else empty
 */
public record Timing(
    String deviceClock,
    DeviceTiming deviceTiming,
    String deviceTimingReason,
    CacheMode cache,
    int warmupCalls,
    int callsPerTrial,
    double firstCallNanos,
    List<Trial> trials,
    Statistics host,
    Statistics device,
    Statistics launchInclusive,
    StopReason stop,
    String stopDetail,
    double timedSeconds,
    Warmup warmup,
    int discardedTrials,
    List<ForkTiming> forks) {

  /**
   * Makes the timing, copying the trials.
   *
   * @param deviceClock device timer
   * @param deviceTiming device timing mode
   * @param deviceTimingReason why that mode
   * @param cache cache mode
   * @param warmupCalls warm-up calls
   * @param callsPerTrial calls per trial
   * @param firstCallNanos first call
   * @param trials trials
   * @param host host statistics
   * @param device device statistics
   * @param launchInclusive launch-inclusive device statistics
   * @param stop stop reason
   * @param stopDetail stop detail
   * @param timedSeconds timed seconds
   * @param warmup how the warm-up ended
   * @param discardedTrials discarded trials
   * @param forks per-fork figures
   */
  public Timing {
    trials = List.copyOf(trials);
    forks = forks == null ? List.of() : List.copyOf(forks);
  }

  /**
   * A timing of one process without a record of its warm-up or discarded trials (as written before they were
   * recorded).
   *
   * @param deviceClock device timer
   * @param deviceTiming device timing mode
   * @param deviceTimingReason why that mode
   * @param cache cache mode
   * @param warmupCalls warm-up calls
   * @param callsPerTrial calls per trial
   * @param firstCallNanos first call
   * @param trials trials
   * @param host host statistics
   * @param device device statistics
   * @param launchInclusive launch-inclusive device statistics
   * @param stop stop reason
   * @param stopDetail stop detail
   * @param timedSeconds timed seconds
   */
  public Timing(String deviceClock, DeviceTiming deviceTiming, String deviceTimingReason, CacheMode cache,
      int warmupCalls, int callsPerTrial, double firstCallNanos, List<Trial> trials, Statistics host,
      Statistics device, Statistics launchInclusive, StopReason stop, String stopDetail, double timedSeconds) {
    this(deviceClock, deviceTiming, deviceTimingReason, cache, warmupCalls, callsPerTrial, firstCallNanos, trials,
        host, device, launchInclusive, stop, stopDetail, timedSeconds, null, 0, List.of());
  }

  /**
   * A timing without a device timing mode or launch-inclusive figure (host time only, or a result written before
   * modes existed).
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
  public Timing(String deviceClock, CacheMode cache, int warmupCalls, int callsPerTrial, double firstCallNanos,
      List<Trial> trials, Statistics host, Statistics device, StopReason stop, String stopDetail,
      double timedSeconds) {
    this(deviceClock, null, null, cache, warmupCalls, callsPerTrial, firstCallNanos, trials, host, device, null,
        stop, stopDetail, timedSeconds, null, 0, List.of());
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
