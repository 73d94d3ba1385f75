package io.gpubench.engine.protocol;

/**
 * Why a step failed: benchmark code threw, skipped its case, or the process running it was lost.
 *
 * @param phase the step
 * @param member the benchmark method at fault, such as {@code setup()}, or for the workload's own calls
 *     {@code @Measure matmul()}; null where none is
 * @param description the throwable as one line, cause chain included ({@link Throwables#describe})
 * @param stackTrace the throwable's stack trace as text, or null
 * @param skip true when the benchmark skipped its case ({@code BenchmarkSkippedException}), with the reason as the
 *     description
 * @param runnerUnusable true when the process that ran it must not run another case: a virtual-machine error
 *     (OutOfMemoryError, StackOverflowError), a device error that poisons the context, a lost worker
 */
public record Failure(Phase phase, String member, String description, String stackTrace, boolean skip,
    boolean runnerUnusable) {

  /**
   * The failure as the case's message: {@code @Setup upload() failed: IllegalStateException: no device}, or for a
   * workload's call {@code @Measure matmul() failed in the checked call: ...}.
   *
   * @return the message
   */
  public String message() {
    if (member != null && member.startsWith("@")) {
      return member + " failed in " + phase.label() + ": " + description;
    }
    String where = member == null ? phase.label() : phase.label() + " " + member;
    return where + " failed: " + description;
  }
}
