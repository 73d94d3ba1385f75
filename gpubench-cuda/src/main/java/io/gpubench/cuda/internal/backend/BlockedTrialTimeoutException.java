package io.gpubench.cuda.internal.backend;

/**
 * A blocked trial ({@code gpubench.cuda.timing=blocked}) whose blocking kernel gave up before the host had queued
 * the calls: the host could not queue them while the stream was held. Either the calls launch more work than the
 * driver's launch queue holds (the host then waits inside a launch for the queue to drain, which it cannot while
 * the stream is held), or a call waits for the device (a synchronize, a copy to the host, a free), which a held
 * stream never finishes. The kernel's timeout ends the wait; the trial's figures include the wait and are not used.
 */
public final class BlockedTrialTimeoutException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String brief;

  /**
   * Makes the exception.
   *
   * @param caseId the case
   * @param timeoutNanos the blocking kernel's timeout
   * @param queuedNanos how long the host spent queueing the trial
   */
  BlockedTrialTimeoutException(String caseId, long timeoutNanos, double queuedNanos) {
    super("a blocked trial of " + caseId + " timed out: the kernel holding the stream gave up after "
        + AutoTiming.duration(timeoutNanos) + " while the host was still queueing the trial's calls (it took "
        + AutoTiming.duration(queuedNanos) + "). Either the calls launch more work than the launch queue holds (about"
        + " a thousand launches; lower callsPerTrial, or use gpubench.cuda.timing=graph, which queues one launch),"
        + " or a call waits for the device (a synchronize, a copy to the host, a free), which cannot finish while the"
        + " stream is held (use gpubench.cuda.timing=events). The trial's figures include the wait and are discarded");
    this.brief = "the host needed " + AutoTiming.duration(queuedNanos) + " to queue a trial, beyond the blocking"
        + " kernel's timeout of " + AutoTiming.duration(timeoutNanos);
  }

  /**
   * The figures, for the reason a mode was left.
   *
   * @return such as {@code the host needed 1.00 s to queue a trial, beyond the blocking kernel's timeout of 1.00 s}
   */
  public String brief() {
    return brief;
  }
}
