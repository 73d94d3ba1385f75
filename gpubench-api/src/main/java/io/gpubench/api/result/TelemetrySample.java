package io.gpubench.api.result;

/**
 * One telemetry sample.
 *
 * @param millis milliseconds since the trials started
 * @param smClockMhz SM clock, or null
 * @param memClockMhz memory clock, or null
 * @param powerWatts board power, or null
 * @param temperatureC temperature, or null
 */
public record TelemetrySample(double millis, Double smClockMhz, Double memClockMhz, Double powerWatts, Double temperatureC) {}
