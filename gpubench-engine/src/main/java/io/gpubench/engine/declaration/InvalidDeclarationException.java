package io.gpubench.engine.declaration;

/**
 * A benchmark class declares something the engine cannot run. The message names the class, the member (an
 * annotation or a method) and the value at fault, so that a user can fix it without reading engine code.
 */
public final class InvalidDeclarationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Makes the exception.
   *
   * @param type the benchmark class
   * @param member the annotation or method at fault, such as {@code "@Shape"} or {@code "method gemm(int)"}
   * @param problem what is wrong, quoting the value
   */
  public InvalidDeclarationException(Class<?> type, String member, String problem) {
    super(type.getName() + " " + member + ": " + problem);
  }
}
