package io.gpubench.api.spi;

import io.gpubench.api.DeviceTiming;

/**
 * Times the trials of a case on a device. The engine synchronises the device, then hands the calls of one trial to
 * {@link #time(TrialCalls)}, which runs them between its marks and returns the times. The plain clock does that with
 * {@link #start()} and {@link #stop()}; a device clock may instead queue the calls behind a blocking kernel, or
 * capture them once and replay them ({@link DeviceTiming}).
 */
public interface TrialClock {

  /** Marks the start of a trial: records a device event where the device has them, and reads the host clock. */
  void start();

  /**
   * Marks the end of the trial, waits for the device, and returns the elapsed times.
   *
   * @return the host time and, where the device has its own timer, the device time
   */
  TrialTime stop();

  /**
   * Times one trial: {@link #start()}, the calls, {@link #stop()}. A device clock that keeps the launch path out of
   * the timed region overrides this; it may run the calls more than once (to measure them first, to capture them,
   * or for the launch-inclusive figure) or, once captured, not at all.
   *
   * @param calls the calls of one trial
   * @return the trial's times
   * @throws Throwable what the calls threw, or why the device could not time them in the mode asked for
   */
  default TrialTime time(TrialCalls calls) throws Throwable {
    start();
    calls.run();
    return stop();
  }

  /**
   * What the device clock is, for the results file, e.g. {@code "cuda-event"}; empty for host time only.
   *
   * @return the device clock's name
   */
  default String deviceClock() {
    return "";
  }

  /**
   * The mode the device timed the trials in, known after the first {@link #time(TrialCalls)}.
   *
   * @return the mode, never {@link DeviceTiming#AUTO}; null for host time only
   */
  default DeviceTiming mode() {
    return null;
  }

  /**
   * Why the device timed in {@link #mode()}: asked for, or what the automatic choice measured.
   *
   * @return the reason, such as {@code "a trial took 17.0 µs with events, below 1 ms: ..."}; null for host time only
   */
  default String modeReason() {
    return null;
  }

  /**
   * Elapsed times of one trial.
   *
   * @param hostNanos host wall-clock nanoseconds, synchronisation included
   * @param deviceNanos device-timer nanoseconds, or NaN where the device has none
   * @param launchInclusiveNanos device-timer nanoseconds of the same calls launched plainly between two events
   *     (launch path included), measured beside a blocked or graph trial; NaN where not measured (events mode, where
   *     {@code deviceNanos} is that figure, or host time only)
   */
  record TrialTime(double hostNanos, double deviceNanos, double launchInclusiveNanos) {

    /**
     * Times without a separate launch-inclusive figure.
     *
     * @param hostNanos host nanoseconds
     * @param deviceNanos device nanoseconds, or NaN
     */
    public TrialTime(double hostNanos, double deviceNanos) {
      this(hostNanos, deviceNanos, Double.NaN);
    }
  }
}
