package io.gpubench.maven.verdict;

/** How a case's current times compare with its baseline's. */
public enum Verdict {
  /** Any change is smaller than the minimum effect, and the samples are precise enough to show it. */
  SAME,
  /** Faster by at least the minimum effect, and both the rank test and the confidence intervals agree. */
  FASTER,
  /** Slower by at least the minimum effect, and both the rank test and the confidence intervals agree. */
  SLOWER,
  /** The samples cannot tell: too few, too noisy, or the tests disagree. */
  AMBIGUOUS
}
