package io.gpubench.results.compare;

/**
 * What a comparison of one case's time between two runs says. Deliberately simple: the 95% confidence intervals of
 * the mean either overlap (no clear change) or they do not (faster or slower). Overlap is conservative: two runs
 * whose intervals touch may still differ, but two whose intervals are apart almost surely do.
 */
public enum Verdict {
  /** The other run's interval lies wholly below the baseline's. */
  FASTER("faster"),
  /** The other run's interval lies wholly above the baseline's. */
  SLOWER("slower"),
  /** The intervals overlap: the runs cannot be told apart at this noise. */
  NO_CLEAR_CHANGE("no clear change"),
  /** One side is missing, not timed, or did not pass; its time means nothing. */
  NOT_COMPARABLE("not comparable");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /**
   * The verdict as people read it.
   *
   * @return a short lower-case phrase
   */
  public String label() {
    return label;
  }
}
