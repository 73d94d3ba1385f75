package io.gpubench.cuda.internal.telemetry;

import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.TelemetrySample;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Summarises NVML samples into the {@link Telemetry} of a case.
 *
 * <ul>
 *   <li>SM clock mean and minimum are taken over the samples where the GPU was busy (no {@code gpu_idle} reason),
 *       or over all samples when every one was idle: the gaps between trials should not read as slow clocks.
 *   <li>{@code throttled}: a speed-costing reason (power cap, thermal or hardware slowdown, power brake) was set in
 *       at least {@link #THROTTLE_SHARE} of the busy samples and in at least {@link #THROTTLE_MIN_SAMPLES} of them
 *       (NVML's reasons lag the load: one sample at the start of a short case can still carry the last case's power
 *       cap), or the mean busy SM clock was below {@link #CLOCK_SHARE} of the device's maximum.
 *   <li>{@code shared}: any sample saw a compute process other than this one on the GPU.
 * </ul>
 * The timeline keeps every sample's clocks, power, temperature and this process's device memory, for the report's
 * charts.
 */
public final class TelemetryAggregator {
  /** The share of busy samples with a costly reason above which a case is throttled. */
  public static final double THROTTLE_SHARE = 0.10;
  /** The fewest busy samples with a costly reason that make a case throttled. */
  public static final int THROTTLE_MIN_SAMPLES = 2;
  /** The share of the maximum SM clock below which the mean busy clock makes a case throttled. */
  public static final double CLOCK_SHARE = 0.90;

  private TelemetryAggregator() {}

  /**
   * The summary.
   *
   * @param intervalMillis the sampling interval
   * @param maxSmClockMhz the device's maximum SM clock, or null
   * @param samples the samples in time order
   * @return the telemetry
   */
  public static Telemetry summarise(int intervalMillis, Double maxSmClockMhz, List<Sample> samples) {
    List<Sample> busy = new ArrayList<>();
    for (Sample s : samples) {
      if (s.reasons() == null || (s.reasons() & ClockEventReasons.GPU_IDLE) == 0) {
        busy.add(s);
      }
    }
    List<Sample> clocked = busy.isEmpty() ? samples : busy;
    double clockSum = 0;
    int clockN = 0;
    Double clockMin = null;
    for (Sample s : clocked) {
      if (s.smClockMhz() != null) {
        clockSum += s.smClockMhz();
        clockN++;
        clockMin = clockMin == null ? s.smClockMhz() : Math.min(clockMin, s.smClockMhz());
      }
    }
    Double clockMean = clockN == 0 ? null : clockSum / clockN;
    double powerSum = 0;
    int powerN = 0;
    Double powerMax = null;
    Double tempMax = null;
    Set<String> reasons = new TreeSet<>();
    long reasonsSeen = 0;
    int costly = 0;
    Set<String> others = new LinkedHashSet<>();
    List<TelemetrySample> timeline = new ArrayList<>();
    for (Sample s : samples) {
      if (s.powerWatts() != null) {
        powerSum += s.powerWatts();
        powerN++;
        powerMax = powerMax == null ? s.powerWatts() : Math.max(powerMax, s.powerWatts());
      }
      if (s.temperatureC() != null) {
        tempMax = tempMax == null ? s.temperatureC() : Math.max(tempMax, s.temperatureC());
      }
      if (s.reasons() != null) {
        reasonsSeen |= s.reasons();
      }
      if (s.otherProcesses() != null) {
        others.addAll(s.otherProcesses());
      }
      timeline.add(new TelemetrySample(s.millis(), s.smClockMhz(), s.memClockMhz(), s.powerWatts(), s.temperatureC(),
          s.processMemoryBytes()));
    }
    for (Sample s : busy) {
      if (s.reasons() != null && (s.reasons() & ClockEventReasons.COSTLY) != 0) {
        costly++;
      }
    }
    reasons.addAll(ClockEventReasons.names(reasonsSeen));
    boolean throttled = (!busy.isEmpty() && costly >= Math.max(THROTTLE_MIN_SAMPLES, THROTTLE_SHARE * busy.size()))
        || (clockMean != null && maxSmClockMhz != null && clockMean < CLOCK_SHARE * maxSmClockMhz);
    return new Telemetry(
        intervalMillis,
        clockMean,
        clockMin,
        maxSmClockMhz,
        powerN == 0 ? null : powerSum / powerN,
        powerMax,
        tempMax,
        new ArrayList<>(ClockEventReasons.names(reasonsSeen)),
        throttled,
        !others.isEmpty(),
        new ArrayList<>(others),
        timeline);
  }
}
