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
 * @param stop why the trials stopped, as the interval reported says: where several forks measured the case,
 *     {@link StopReason#TARGET_REACHED} only when the interval across them reached the target
 * @param stopDetail the figures behind the stop, such as {@code "±0.8% <= ±1.0% after 17 trials"}; where several
 *     forks measured the case, each fork's and how their interval was combined
 * @param timedSeconds host seconds spent in timed trials
 * @param warmup how the warm-up ended (where several forks measured the case: {@link WarmupEnd#STEADY} only when
 *     every fork's did), or null in results written before it was recorded
 * @param discardedTrials trials discarded because the device ran throttled during them, and measured again
 * @param forks what each fork measured, in order, where more than one measured the case; else empty
 * @param batch statistics of the batch figure, per call: device kernels under ~50 µs timed in graph or blocked mode,
 *     {@code batchCalls} calls back to back per trial (as nvbench's "Batch GPU"), each beside a single-call trial
 *     ({@code device}); the headline ({@link #primary()}) where present; null otherwise
 * @param batchCalls the calls of each batch trial; 0 without a batch figure
 * @param spent where the case's seconds went, or null in results written before it was recorded
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
    List<ForkTiming> forks,
    Statistics batch,
    int batchCalls,
    Spent spent) {

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
   * @param batch batch statistics
   * @param batchCalls calls per batch trial
   * @param spent where the seconds went
   */
  public Timing {
    trials = List.copyOf(trials);
    forks = forks == null ? List.of() : List.copyOf(forks);
  }

  /**
   * A timing without a batch figure or a record of its seconds (as written before they were recorded).
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
  public Timing(String deviceClock, DeviceTiming deviceTiming, String deviceTimingReason, CacheMode cache,
      int warmupCalls, int callsPerTrial, double firstCallNanos, List<Trial> trials, Statistics host,
      Statistics device, Statistics launchInclusive, StopReason stop, String stopDetail, double timedSeconds,
      Warmup warmup, int discardedTrials, List<ForkTiming> forks) {
    this(deviceClock, deviceTiming, deviceTimingReason, cache, warmupCalls, callsPerTrial, firstCallNanos, trials,
        host, device, launchInclusive, stop, stopDetail, timedSeconds, warmup, discardedTrials, forks, null, 0, null);
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
        host, device, launchInclusive, stop, stopDetail, timedSeconds, null, 0, List.of(), null, 0, null);
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
        stop, stopDetail, timedSeconds, null, 0, List.of(), null, 0, null);
  }

  /**
   * The statistics that figures are computed from, the case's headline: the batch figure where there is one (a
   * device kernel under ~50 µs), else the device's where it has a timer, else the host's.
   *
   * @return the primary statistics
   */
  public Statistics primary() {
    return batch != null ? batch : device != null ? device : host;
  }

  /**
   * The statistics of one call timed alone: the device's where it has a timer, else the host's. The headline
   * ({@link #primary()}) unless there is a batch figure.
   *
   * @return the single-call statistics
   */
  public Statistics singleCall() {
    return device != null ? device : host;
  }

  /**
   * The headline per-call time of a trial, on the clock of {@link #primary()}.
   *
   * @param t a trial of this timing
   * @return its batch figure where this timing has one, else its device time where there is one, else its host time
   */
  public double primaryNanos(Trial t) {
    if (batch != null && t.batchNanos() != null) {
      return t.batchNanos();
    }
    return device != null && t.deviceNanos() != null ? t.deviceNanos() : t.hostNanos();
  }
}
