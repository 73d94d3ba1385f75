package io.gpubench.api.result;

/**
 * One timed trial, per call: the trial's time divided by its calls.
 *
 * @param hostNanos host wall-clock nanoseconds per call
 * @param deviceNanos device-timer nanoseconds per call, or null where the device has none
 * @param launchInclusiveNanos device-timer nanoseconds per call of the same calls launched plainly between two
 *     events, measured beside a blocked or graph-replayed trial; null where not measured
 * @param slowdown how many times slower than at speed the CPU core ran around this trial, as the contention probe
 *     measured it (the probe's ratio to its quiet time, times the trial's wall over CPU time; at least 1); null
 *     where nothing measured it (device-timed trials, or results written before it was recorded). A trial over
 *     {@value #QUIET_SLOWDOWN} ran on a contended core.
 */
public record Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos, Double slowdown) {

  /** The slowdown up to which the probe calls a core quiet: the engine's threshold for a contended trial. */
  public static final double QUIET_SLOWDOWN = 1.25;

  /**
   * A trial without a measured slowdown.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   * @param launchInclusiveNanos launch-inclusive device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos, Double launchInclusiveNanos) {
    this(hostNanos, deviceNanos, launchInclusiveNanos, null);
  }

  /**
   * A trial without a separate launch-inclusive figure or a measured slowdown.
   *
   * @param hostNanos host nanoseconds per call
   * @param deviceNanos device nanoseconds per call, or null
   */
  public Trial(double hostNanos, Double deviceNanos) {
    this(hostNanos, deviceNanos, null, null);
  }

  /**
   * Whether the probe found the core quiet around this trial.
   *
   * @return true when a slowdown was measured and is at most {@link #QUIET_SLOWDOWN}
   */
  public boolean measuredQuiet() {
    return slowdown != null && slowdown <= QUIET_SLOWDOWN;
  }
}
