package io.gpubench.maven.rules;

/** Which way a figure improves, taken from its unit: rates are better higher, times and shares lower. */
public enum Direction {
  /** Rates (items/s, FLOP/s, bytes/s): more is better. */
  HIGHER_IS_BETTER,
  /** Times, roofline gap and tolerance shares: less is better. */
  LOWER_IS_BETTER,
  /** A workload's own metric whose name carries no unit we recognise. */
  UNKNOWN
}
