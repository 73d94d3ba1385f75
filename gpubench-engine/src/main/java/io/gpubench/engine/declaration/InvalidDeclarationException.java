package io.gpubench.engine.declaration;

/**
 * A benchmark class declares something the engine cannot run. The message names the class, the member (an
 * annotation or a method) and the value at fault, so that a user can fix it without reading engine code.
 */
public final class InvalidDeclarationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The member at fault, for the name of the failing test. */
  private final String member;

  /**
   * Makes the exception.
   *
   * @param type the benchmark class
   * @param member the annotation or method at fault, such as {@code "@Shape"} or {@code "method gemm(int)"}
   * @param problem what is wrong, quoting the value
   */
  public InvalidDeclarationException(Class<?> type, String member, String problem) {
    super(type.getName() + " " + member + ": " + problem);
    this.member = member;
  }

  /**
   * Makes the exception for a problem that is not one class's: a run-wide configuration key or value.
   *
   * @param member what is at fault, such as {@code "configuration gpubench.profile"}
   * @param message the whole message, naming the key and the value
   * @param cause the exception behind it, or null
   */
  public InvalidDeclarationException(String member, String message, Throwable cause) {
    super(message, cause);
    this.member = member;
  }

  /**
   * The member at fault.
   *
   * @return an annotation, method or configuration key, such as {@code "@Shape"}
   */
  public String member() {
    return member;
  }
}
