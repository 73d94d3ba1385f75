package io.gpubench.results.compare;

/**
 * The rule that made a comparison {@link Verdict#AMBIGUOUS}: every AMBIGUOUS names one, so a reader knows whether to
 * record more runs, rerun on a quiet GPU, or fix the case.
 */
public enum Ambiguity {
  /** A side lacks the case, or the case did not pass or was not timed there: its time means nothing. */
  NOT_COMPARABLE("not comparable"),
  /**
   * Telemetry flagged a run of either side throttled, shared or contended, and the change lies within what the flags
   * can explain (the slowdown they measured), or a side's every run was flagged with no measured bound.
   */
  FLAGGED("flagged by telemetry"),
  /** The two sides were timed on different clocks (device events against the host clock). */
  CLOCKS_DIFFER("clocks differ"),
  /** The figure asked for (a rate) needs a declared cost the case does not have. */
  NO_FIGURE("no such figure"),
  /** A run has no samples, or too few for any test. */
  TOO_FEW_SAMPLES("too few samples"),
  /** The change is within the noise: the interval of the change neither excludes "no change" while being at least
   * the minimum effect, nor lies inside plus or minus the minimum effect. */
  NOISE("within the noise"),
  /** One run on each side: the trials' tests and the median intervals disagree (provisional comparisons only). */
  TESTS_DISAGREE("tests disagree");

  private final String label;

  Ambiguity(String label) {
    this.label = label;
  }

  /**
   * The rule as people read it.
   *
   * @return a short phrase, such as {@code within the noise}
   */
  public String label() {
    return label;
  }
}
