package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Statistics;

/**
 * One case's change from a baseline run to another run.
 *
 * @param ratio the other run's median time over the baseline's (below 1 is faster), or NaN when not comparable
 * @param verdict what the confidence intervals say
 * @param reason why, in words: the intervals, or what made the case not comparable
 */
public record Change(double ratio, Verdict verdict, String reason) {

  /**
   * Compares one case of two runs.
   *
   * @param baseline the baseline run's case, or null when that run lacks it
   * @param other the other run's case, or null when that run lacks it
   * @return the change
   */
  public static Change between(CaseResult baseline, CaseResult other) {
    if (baseline == null || other == null) {
      return notComparable((baseline == null ? "baseline" : "this run") + " lacks the case");
    }
    String unusable = unusable(baseline, "baseline");
    if (unusable == null) {
      unusable = unusable(other, "this run");
    }
    if (unusable != null) {
      return notComparable(unusable);
    }
    Statistics b = baseline.timing().primary();
    Statistics o = other.timing().primary();
    double ratio = o.median() / b.median();
    String intervals = "CI " + Figures.duration(o.ciLow()) + "–" + Figures.duration(o.ciHigh())
        + " vs baseline " + Figures.duration(b.ciLow()) + "–" + Figures.duration(b.ciHigh());
    if (o.ciHigh() < b.ciLow()) {
      return new Change(ratio, Verdict.FASTER, intervals + ": apart");
    }
    if (o.ciLow() > b.ciHigh()) {
      return new Change(ratio, Verdict.SLOWER, intervals + ": apart");
    }
    return new Change(ratio, Verdict.NO_CLEAR_CHANGE, intervals + ": overlap");
  }

  private static Change notComparable(String reason) {
    return new Change(Double.NaN, Verdict.NOT_COMPARABLE, reason);
  }

  private static String unusable(CaseResult c, String side) {
    if (c.status() != CaseStatus.PASSED) {
      return side + ": " + c.status().name().toLowerCase(java.util.Locale.ROOT);
    }
    if (c.timing() == null || c.timing().primary() == null || !(c.timing().primary().median() > 0)) {
      return side + ": not timed";
    }
    return null;
  }
}
