package io.gpubench.api.result;

/**
 * One telemetry sample.
 *
 * @param millis milliseconds since the trials started
 * @param smClockMhz SM clock, or null
 * @param memClockMhz memory clock, or null
 * @param powerWatts board power, or null
 * @param temperatureC temperature, or null
 * @param processMemoryBytes the device memory of the process that ran the case at this reading, from every allocator
 *     (NVML's {@code usedGpuMemory} of this process: the reading {@link DeviceMemory#processPeakBytes()} is the largest
 *     of), or null where the device cannot say and in results written before it was recorded
 */
public record TelemetrySample(double millis, Double smClockMhz, Double memClockMhz, Double powerWatts,
    Double temperatureC, Long processMemoryBytes) {

  /**
   * A sample without the process's device memory.
   *
   * @param millis milliseconds since the trials started
   * @param smClockMhz SM clock, or null
   * @param memClockMhz memory clock, or null
   * @param powerWatts board power, or null
   * @param temperatureC temperature, or null
   */
  public TelemetrySample(double millis, Double smClockMhz, Double memClockMhz, Double powerWatts,
      Double temperatureC) {
    this(millis, smClockMhz, memClockMhz, powerWatts, temperatureC, null);
  }
}
