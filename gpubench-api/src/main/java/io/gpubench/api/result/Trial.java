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
 * @param slowdown how many times slower than at speed the CPU core ran around this trial, as the contention probe
 *     measured it (the probe's ratio to this machine's quiet time, times the trial's wall over CPU time; at least
 *     1); null where nothing measured it (results written before it was recorded, or a device whose telemetry
 *     measures no slowdown). Over 1.25 the engine calls the trial's core contended.
 */
public record Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos, Double batchNanos,
    Double slowdown) {

  /**
   * A trial without a measured slowdown.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   * @param launchInclusiveNanos launch-inclusive device nanoseconds per call, or null
   * @param batchNanos batch device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos, Double batchNanos) {
    this(hostNanos, deviceNanos, launchInclusiveNanos, batchNanos, null);
  }

  /**
   * A trial without a batch figure or a measured slowdown.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   * @param launchInclusiveNanos launch-inclusive device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos) {
    this(hostNanos, deviceNanos, launchInclusiveNanos, null, null);
  }

  /**
   * A trial without a separate launch-inclusive figure, a batch figure or a measured slowdown.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos) {
    this(hostNanos, deviceNanos, null, null, null);
  }
}
