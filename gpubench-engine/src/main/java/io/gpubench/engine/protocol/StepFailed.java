package io.gpubench.engine.protocol;

/** A step that did not complete, with the failure; in the build's JVM also the throwable behind it. */
public final class StepFailed extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient Failure failure;

  /**
   * Makes the exception.
   *
   * @param failure what failed
   * @param cause the throwable where the step ran in this JVM, or null
   */
  public StepFailed(Failure failure, Throwable cause) {
    super(failure.message(), cause);
    this.failure = failure;
  }

  /**
   * What failed.
   *
   * @return the failure
   */
  public Failure failure() {
    return failure;
  }
}
