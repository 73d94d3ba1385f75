package io.gpubench.api;

/**
 * Thrown by {@link BenchContext#skip} (or by benchmark code directly) to skip the current case with a reason,
 * such as a precision that the library in use cannot compute. The case is reported as skipped (aborted), never
 * as passed.
 */
public final class BenchmarkSkippedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Makes the exception.
   *
   * @param reason why the case cannot run here
   */
  public BenchmarkSkippedException(String reason) {
    super(reason);
  }
}
