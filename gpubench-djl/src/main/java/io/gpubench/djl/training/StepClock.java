package io.gpubench.djl.training;

import java.util.Arrays;

/** The host times of a session's recent steps, for its {@link StepProfile}: two readings of the clock a step. */
final class StepClock {
  /** How many recent steps the medians are over: enough to outvote warm-up steps, small enough to sort at once. */
  static final int WINDOW = 32;

  private final long[] host = new long[WINDOW];
  private final long[] step = new long[WINDOW];
  private int recorded;
  private int arraysPerStep = -1;

  /**
   * Records a step.
   *
   * @param hostNanos the host's time to queue it
   * @param stepNanos its whole time
   */
  void record(long hostNanos, long stepNanos) {
    host[recorded % WINDOW] = hostNanos;
    step[recorded % WINDOW] = stepNanos;
    recorded++;
  }

  /** Whether a step's array count is still wanted (only the first step's is kept: every step makes the same). */
  boolean wantsArrayCount() {
    return arraysPerStep < 0;
  }

  void arraysPerStep(int count) {
    arraysPerStep = count;
  }

  StepProfile profile() {
    int n = Math.min(recorded, WINDOW);
    return new StepProfile(n, median(host, n), median(step, n), Math.max(arraysPerStep, 0));
  }

  private static double median(long[] values, int n) {
    if (n == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(values, n);
    Arrays.sort(sorted);
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }
}
