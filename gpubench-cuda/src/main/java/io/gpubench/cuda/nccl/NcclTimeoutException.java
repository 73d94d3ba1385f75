package io.gpubench.cuda.nccl;

import java.time.Duration;

/**
 * A wait on a communicator's work that did not finish in time: a peer rank did not take part (it hung, died or
 * called something else). The communicator has been aborted, so this rank's NCCL kernels have quit and its stream
 * drains; the communicator is unusable and the world must be made anew.
 */
public final class NcclTimeoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Duration waited;
  private final Duration abortTook;

  NcclTimeoutException(String message, Duration waited, Duration abortTook) {
    super(message);
    this.waited = waited;
    this.abortTook = abortTook;
  }

  /**
   * How long the wait lasted before it gave up.
   *
   * @return the time
   */
  public Duration waited() {
    return waited;
  }

  /**
   * How long {@code ncclCommAbort} took.
   *
   * @return the time
   */
  public Duration abortTook() {
    return abortTook;
  }
}
