package io.gpubench.api.result;

/**
 * One timed trial, per call: the trial's time divided by its calls.
 *
 * @param hostNanos host wall-clock nanoseconds per call
 * @param deviceNanos device-timer nanoseconds per call, or null where the device has none
 */
public record Trial(double hostNanos, Double deviceNanos) {}
