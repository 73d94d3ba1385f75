package io.gpubench.djl.training;

/**
 * Where a training step's time goes on the host, over the recent steps of a {@link TrainingSession}: how long the
 * host took to queue a step's work (forward, loss, backward, update, and freeing the step's arrays) before it read
 * the loss, against the whole step. On a GPU a share near 1 means the device waited for DJL's host code: the step is
 * host-bound, and a faster GPU would not make it faster. On the CPU the ops run as they are called, so the share is
 * near 1 there by construction.
 *
 * @param steps the steps the medians are over (the most recent, at most {@value StepClock#WINDOW})
 * @param hostNanos the median host time to queue a step
 * @param stepNanos the median time of a step, up to the loss on the host
 * @param arraysPerStep the DJL arrays a step makes (the first step's count), each one JNI call or more
 */
public record StepProfile(int steps, double hostNanos, double stepNanos, int arraysPerStep) {

  /**
   * The host's share of a step.
   *
   * @return {@code hostNanos / stepNanos}, NaN before the first step
   */
  public double hostShare() {
    return steps == 0 ? Double.NaN : hostNanos / stepNanos;
  }
}
