package io.gpubench.api.result;

/** How a case's warm-up ended, before its trials. */
public enum WarmupEnd {
  /** The time per call stopped falling and the JIT compiler stopped compiling: the trials time steady code. */
  STEADY,
  /**
   * The warm-up's time cap was reached first ({@code @Trials(maxWarmupSeconds)}): the trials may time code that is
   * still being compiled, or a device still changing clocks. The detail says which criterion was not met.
   */
  CAP,
  /** Only the declared warm-up calls were made ({@code maxWarmupSeconds = 0}): steadiness was not checked. */
  CALLS
}
