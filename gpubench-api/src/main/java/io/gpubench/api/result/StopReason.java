package io.gpubench.api.result;

/** Why the trials of a case stopped. */
public enum StopReason {
  /** The confidence interval reached the target relative half-width. */
  TARGET_REACHED,
  /**
   * The interval, short of the relative target, is narrower than the harness resolves a call's time (a quarter of a
   * nanosecond either side): a call the JIT emptied, or one of a few nanoseconds.
   */
  RESOLUTION,
  /** The interval stopped narrowing before reaching the target: the case's noise is its own. */
  PLATEAU,
  /** The maximum number of trials was reached. */
  MAX_TRIALS,
  /** The time budget was spent. */
  TIME_BUDGET,
  /**
   * Every fork reached the target, but the forks differ by more than it: the interval across them, which the case
   * reports, is wider than the target (more forks narrow it: {@code gpubench.forks}).
   */
  FORKS_DIFFER
}
