package io.gpubench.results.compare;

import java.util.Locale;

/**
 * One case compared between a baseline and the current code, in the figure compared (per-call time, or a rate).
 *
 * @param verdict the verdict
 * @param ambiguity the rule that made it AMBIGUOUS, null for the other verdicts
 * @param provisional true when each side had a single run, so the verdict rests on one run's trials and cannot
 *     account for the spread between runs
 * @param baselineMedian the baseline's median: one run's median, or the geometric mean of its runs' medians; NaN
 *     when the baseline has no samples
 * @param currentMedian the current median, likewise
 * @param ratio current over baseline; NaN when a side lacks the case or it did not pass there
 * @param ratioLow the low end of the ratio's interval at the comparison's level; NaN when none was computed,
 *     0 when the data cannot bound it
 * @param ratioHigh the high end; NaN when none was computed, infinite when the data cannot bound it
 * @param pValue the two-sided p-value of "no change": the runs' t-test, or the trials' Mann-Whitney U test for a
 *     provisional verdict; NaN when not computed
 * @param baselineRuns the runs on the baseline side
 * @param currentRuns the runs on the current side
 * @param baselineSamples the samples (trials) over all baseline runs
 * @param currentSamples the samples over all current runs
 * @param reason why the verdict is what it is, in words, naming the rule
 */
public record CaseComparison(
    Verdict verdict,
    Ambiguity ambiguity,
    boolean provisional,
    double baselineMedian,
    double currentMedian,
    double ratio,
    double ratioLow,
    double ratioHigh,
    double pValue,
    int baselineRuns,
    int currentRuns,
    int baselineSamples,
    int currentSamples,
    String reason) {

  /**
   * The same comparison with another reason.
   *
   * @param reason the reason
   * @return the comparison
   */
  public CaseComparison withReason(String reason) {
    return new CaseComparison(verdict, ambiguity, provisional, baselineMedian, currentMedian, ratio, ratioLow,
        ratioHigh, pValue, baselineRuns, currentRuns, baselineSamples, currentSamples, reason);
  }

  /**
   * This comparison's medians and ratio as measured, with the verdict, interval and test of another comparison of the
   * same runs: the one made with flagged runs taken at their best.
   *
   * @param verdict the verdict
   * @param ambiguity its rule, null unless AMBIGUOUS
   * @param ratioLow the interval's low end
   * @param ratioHigh its high end
   * @param pValue the test's p-value
   * @param reason why
   * @return the comparison
   */
  public CaseComparison bounded(Verdict verdict, Ambiguity ambiguity, double ratioLow, double ratioHigh,
      double pValue, String reason) {
    return new CaseComparison(verdict, ambiguity, provisional, baselineMedian, currentMedian, ratio, ratioLow,
        ratioHigh, pValue, baselineRuns, currentRuns, baselineSamples, currentSamples, reason);
  }

  /**
   * The relative change of the median.
   *
   * @return {@code ratio - 1}; positive means the figure rose
   */
  public double change() {
    return ratio - 1;
  }

  /**
   * Whether the figures were compared at all: false for NOT_COMPARABLE, FLAGGED, CLOCKS_DIFFER, NO_FIGURE and
   * TOO_FEW_SAMPLES, whose ratio (where there is one) stays out of a geometric mean.
   *
   * @return true when the statistics ran
   */
  public boolean compared() {
    return ambiguity == null || ambiguity == Ambiguity.NOISE || ambiguity == Ambiguity.TESTS_DISAGREE;
  }

  /**
   * The verdict as a label with its qualifier: {@code SLOWER}, {@code SAME (provisional)},
   * {@code AMBIGUOUS (within the noise)}.
   *
   * @return the text
   */
  public String verdictText() {
    if (verdict == Verdict.AMBIGUOUS) {
      return verdict.name() + " (" + ambiguity.label() + (provisional ? ", provisional" : "") + ")";
    }
    return provisional ? verdict.name() + " (provisional)" : verdict.name();
  }

  /**
   * A comparison that stopped before the statistics, AMBIGUOUS by a rule other than the noise.
   *
   * @param why the rule
   * @param baselineMedian the baseline median, or NaN
   * @param currentMedian the current median, or NaN
   * @param baselineRuns baseline runs
   * @param currentRuns current runs
   * @param baselineSamples baseline samples
   * @param currentSamples current samples
   * @param reason why, in words
   * @return the comparison
   */
  public static CaseComparison notCompared(Ambiguity why, double baselineMedian, double currentMedian, int baselineRuns,
      int currentRuns, int baselineSamples, int currentSamples, String reason) {
    // A side that failed or lacks the case has no figure worth a ratio; a flagged or differently clocked one does.
    double ratio = why != Ambiguity.NOT_COMPARABLE && baselineMedian > 0 && currentMedian > 0
        ? currentMedian / baselineMedian : Double.NaN;
    return new CaseComparison(Verdict.AMBIGUOUS, why, false, baselineMedian, currentMedian, ratio, Double.NaN,
        Double.NaN, Double.NaN, baselineRuns, currentRuns, baselineSamples, currentSamples, reason);
  }

  /**
   * How an end of a ratio's interval is written: as a change in percent between a tenth and ten times, as a factor
   * beyond ({@code ÷4.42e+06}, {@code ×37.6}). Three runs of a noisy case gave an interval of {@code -100.0% to
   * +1788212241.8%}: the low end, a ratio of a millionth, rounded to a change that says the time could be nothing, and
   * the high end was unreadable; a factor says how wide the interval is and never that a time vanishes.
   *
   * @param ratio the end, as a ratio of the current figure to the baseline's; NaN for none
   * @return the text
   */
  public static String intervalEnd(double ratio) {
    if (Double.isNaN(ratio)) {
      return Figures.ABSENT;
    }
    if (Double.isInfinite(ratio)) {
      return "×∞";
    }
    if (ratio < 0.1) {
      return String.format(Locale.ROOT, "÷%.3g", 1 / ratio);
    }
    if (ratio > 10) {
      return String.format(Locale.ROOT, "×%.3g", ratio);
    }
    return CaseComparator.signed(ratio - 1);
  }
}
