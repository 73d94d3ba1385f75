package io.gpubench.api.result;

/**
 * One timed trial, per call: the trial's time divided by its calls.
 *
 * @param hostNanos host wall-clock nanoseconds per call
 * @param deviceNanos device-timer nanoseconds per call, or null where the device has none
 * @param launchInclusiveNanos device-timer nanoseconds per call of the same calls launched plainly between two
 *     events, measured beside a blocked or graph-replayed trial; null where not measured
 */
public record Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos) {

  /**
   * A trial without a separate launch-inclusive figure.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos) {
    this(hostNanos, deviceNanos, null);
  }
}
