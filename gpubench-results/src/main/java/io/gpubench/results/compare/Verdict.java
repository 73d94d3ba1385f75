package io.gpubench.results.compare;

import java.util.Locale;

/**
 * What the comparison of a case between a baseline and the current code says ({@link CaseComparator} gives the
 * rule). The reports and the Maven gate use these four words and nothing else.
 */
public enum Verdict {
  /** Any change is smaller than the minimum effect, and the runs are precise enough to show it. */
  SAME,
  /** Faster by at least the minimum effect, beyond the noise. */
  FASTER,
  /** Slower by at least the minimum effect, beyond the noise. */
  SLOWER,
  /** The data cannot tell, and {@link Ambiguity} says which rule made it so. */
  AMBIGUOUS;

  /**
   * The verdict as people read it in prose.
   *
   * @return the lower-case word
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
