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
    List<TelemetrySample> timeline) {

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
   */
  public Telemetry {
    throttleReasons = List.copyOf(throttleReasons);
    otherProcesses = List.copyOf(otherProcesses);
    timeline = List.copyOf(timeline);
  }
}
