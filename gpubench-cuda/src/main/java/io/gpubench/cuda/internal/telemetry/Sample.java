package io.gpubench.cuda.internal.telemetry;

import java.util.Set;

/**
 * One NVML reading.
 *
 * @param millis milliseconds since recording started
 * @param smClockMhz SM clock, or null where NVML could not say
 * @param memClockMhz memory clock, or null
 * @param powerWatts board power, or null
 * @param temperatureC GPU temperature, or null
 * @param reasons the clock-event reason bits, or null
 * @param otherProcesses processes other than this one holding the GPU ("pid name"), or null where NVML could not
 *     list them
 * @param memoryUsedBytes device memory in use, or null
 * @param processMemoryBytes this process's device memory ({@code usedGpuMemory} of its entry among the compute
 *     processes, read in the same NVML call as the other processes), or null where NVML could not say
 */
public record Sample(
    double millis,
    Double smClockMhz,
    Double memClockMhz,
    Double powerWatts,
    Double temperatureC,
    Long reasons,
    Set<String> otherProcesses,
    Long memoryUsedBytes,
    Long processMemoryBytes) {

  /**
   * A reading without this process's device memory.
   *
   * @param millis milliseconds since recording started
   * @param smClockMhz SM clock
   * @param memClockMhz memory clock
   * @param powerWatts board power
   * @param temperatureC temperature
   * @param reasons clock-event reason bits
   * @param otherProcesses the other processes
   * @param memoryUsedBytes device memory in use
   */
  public Sample(double millis, Double smClockMhz, Double memClockMhz, Double powerWatts, Double temperatureC,
      Long reasons, Set<String> otherProcesses, Long memoryUsedBytes) {
    this(millis, smClockMhz, memClockMhz, powerWatts, temperatureC, reasons, otherProcesses, memoryUsedBytes, null);
  }
}
