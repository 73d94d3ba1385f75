package io.gpubench.api.result;

import java.util.List;

/**
 * What a device reported while a case's trials ran.
 *
 * @param intervalMillis the sampling interval
 * @param smClockMeanMhz mean SM clock, or null
 * @param smClockMinMhz lowest SM clock seen, or null
 * @param smClockMaxMhz the device's maximum SM clock, for comparison, or null
 * @param powerMeanWatts mean board power, or null
 * @param powerMaxWatts highest board power seen, or null
 * @param temperatureMaxC highest temperature seen, or null
 * @param throttleReasons every clock-event (throttle) reason seen, by name
 * @param throttled whether clocks dropped or a throttle reason that costs speed fired
 * @param shared whether another process used the device during the trials
 * @param otherProcesses the other processes seen (pid and name)
 * @param timeline the samples, for charts
 * @param worldSmClockMeanMhz in a world, the mean SM clock of each rank's device during the trials, in rank order
 *     (an entry null where that device gave none); the other figures are rank 0's, but {@code throttled},
 *     {@code shared}, {@code throttleReasons} and {@code otherProcesses} cover every device of the world. Null for
 *     one device
 */
public record Telemetry(
    int intervalMillis,
    Double smClockMeanMhz,
    Double smClockMinMhz,
    Double smClockMaxMhz,
    Double powerMeanWatts,
    Double powerMaxWatts,
    Double temperatureMaxC,
    List<String> throttleReasons,
    boolean throttled,
    boolean shared,
    List<String> otherProcesses,
    List<TelemetrySample> timeline,
    List<Double> worldSmClockMeanMhz) {

  /**
   * Makes the record, copying lists.
   *
   * @param intervalMillis interval
   * @param smClockMeanMhz mean SM clock
   * @param smClockMinMhz min SM clock
   * @param smClockMaxMhz max SM clock
   * @param powerMeanWatts mean power
   * @param powerMaxWatts max power
   * @param temperatureMaxC max temperature
   * @param throttleReasons reasons seen
   * @param throttled throttled flag
   * @param shared shared flag
   * @param otherProcesses other processes
   * @param timeline samples
   * @param worldSmClockMeanMhz mean SM clock per rank of a world, or null
   */
  public Telemetry {
    throttleReasons = List.copyOf(throttleReasons);
    otherProcesses = List.copyOf(otherProcesses);
    timeline = List.copyOf(timeline);
    worldSmClockMeanMhz = worldSmClockMeanMhz == null ? null
        : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(worldSmClockMeanMhz));
  }

  /**
   * The telemetry of one device.
   *
   * @param intervalMillis interval
   * @param smClockMeanMhz mean SM clock
   * @param smClockMinMhz min SM clock
   * @param smClockMaxMhz max SM clock
   * @param powerMeanWatts mean power
   * @param powerMaxWatts max power
   * @param temperatureMaxC max temperature
   * @param throttleReasons reasons seen
   * @param throttled throttled flag
   * @param shared shared flag
   * @param otherProcesses other processes
   * @param timeline samples
   */
  public Telemetry(int intervalMillis, Double smClockMeanMhz, Double smClockMinMhz, Double smClockMaxMhz,
      Double powerMeanWatts, Double powerMaxWatts, Double temperatureMaxC, List<String> throttleReasons,
      boolean throttled, boolean shared, List<String> otherProcesses, List<TelemetrySample> timeline) {
    this(intervalMillis, smClockMeanMhz, smClockMinMhz, smClockMaxMhz, powerMeanWatts, powerMaxWatts,
        temperatureMaxC, throttleReasons, throttled, shared, otherProcesses, timeline, null);
  }

  /**
   * In a world, the lowest and highest of its devices' mean SM clocks where they differ by 2% or more of the
   * lowest: the clocks are not locked alike on every GPU, and this says at what clocks the times were taken (the
   * kernel harness of the seeds shows the same range).
   *
   * @return {lowest, highest} in MHz, or null for one device, an unknown clock, or clocks within 2%
   */
  public double[] worldClockSpread() {
    if (worldSmClockMeanMhz == null || worldSmClockMeanMhz.size() < 2 || worldSmClockMeanMhz.contains(null)) {
      return null;
    }
    double lo = worldSmClockMeanMhz.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double hi = worldSmClockMeanMhz.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return lo > 0 && hi - lo >= 0.02 * lo ? new double[] {lo, hi} : null;
  }
}
