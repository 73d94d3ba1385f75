package io.gpubench.api;

/**
 * Which way a figure improves, so that comparisons of two runs never guess it from the figure's name.
 */
public enum Better {
  /** A rate or a score: more is better. */
  HIGHER,
  /** A time or a cost: less is better. */
  LOWER,
  /** A fact about the case (a parameter count, a batch size) that is not better either way. */
  NEITHER
}
