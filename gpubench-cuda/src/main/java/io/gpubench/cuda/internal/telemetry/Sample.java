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
 */
public record Sample(
    double millis,
    Double smClockMhz,
    Double memClockMhz,
    Double powerWatts,
    Double temperatureC,
    Long reasons,
    Set<String> otherProcesses,
    Long memoryUsedBytes) {}
