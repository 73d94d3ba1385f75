package io.gpubench.engine.assertions;

import io.gpubench.api.result.CaseResult;

/** Entry point of the AssertJ assertions on gpubench results. */
public final class GpuBenchAssertions {

  private GpuBenchAssertions() {}

  /**
   * Starts assertions on a case's result.
   *
   * @param actual the result
   * @return the assertions
   */
  public static CaseResultAssert assertThat(CaseResult actual) {
    return new CaseResultAssert(actual);
  }
}
