package io.gpubench.api.result;

/**
 * One timed trial, per call: the trial's time divided by its calls.
 *
 * @param hostNanos host wall-clock nanoseconds per call
 * @param deviceNanos device-timer nanoseconds per call, or null where the device has none
 * @param launchInclusiveNanos device-timer nanoseconds per call of the same calls launched plainly between two
 *     events, measured beside a blocked or graph-replayed trial; null where not measured
 * @param batchNanos device-timer nanoseconds per call of the batch trial timed right after this one: more calls
 *     back to back ({@link Timing#batchCalls()}), as nvbench's "Batch GPU"; null where there is no batch figure
 */
public record Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos, Double batchNanos) {

  /**
   * A trial without a batch figure.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   * @param launchInclusiveNanos launch-inclusive device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos) {
    this(hostNanos, deviceNanos, launchInclusiveNanos, null);
  }

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
