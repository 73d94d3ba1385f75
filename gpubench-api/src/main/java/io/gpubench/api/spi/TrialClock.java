package io.gpubench.api.spi;

/**
 * Times one trial on a device. The engine calls {@link #start()} after synchronising the device, runs the calls
 * of the trial, then calls {@link #stop()}, which synchronises again and returns the times.
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
   * What the device clock is, for the results file, e.g. {@code "cuda-event"}; empty for host time only.
   *
   * @return the device clock's name
   */
  default String deviceClock() {
    return "";
  }

  /**
   * Elapsed times of one trial.
   *
   * @param hostNanos host wall-clock nanoseconds, synchronisation included
   * @param deviceNanos device-timer nanoseconds, or NaN where the device has none
   */
  record TrialTime(double hostNanos, double deviceNanos) {}
}
