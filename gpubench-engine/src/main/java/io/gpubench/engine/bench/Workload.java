package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;

/** What the protocol times: one call of a case's workload, with its preparation, reference and release. */
interface Workload extends AutoCloseable {

  /**
   * Prepares the workload after the class's {@code @Setup} methods ran; not timed.
   *
   * @param ctx the case's context
   * @throws Throwable whatever the benchmark code throws
   */
  void prepare(BenchContext ctx) throws Throwable;

  /**
   * Whether there is a reference to check the output against.
   *
   * @return true when {@link #reference} returns something
   */
  boolean hasReference();

  /**
   * The expected output; not timed.
   *
   * @param referenceContext the reference's context
   * @return the reference output as the workload returns it
   * @throws Throwable whatever the benchmark code throws
   */
  Object reference(BenchContext referenceContext) throws Throwable;

  /**
   * One call.
   *
   * @param ctx the case's context
   * @return what the call returned, or null
   * @throws Throwable whatever the benchmark code throws
   */
  Object call(BenchContext ctx) throws Throwable;

  @Override
  void close();
}
