package io.gpubench.maven.verdict;

import io.gpubench.results.compare.CaseComparison;
import java.util.Collection;

/**
 * The geometric mean of the median ratios (current over baseline) across compared cases: the one number that
 * says whether a change made things faster overall, weighting a 2x slowdown and a 2x speedup equally whatever the
 * cases' sizes.
 *
 * @param ratio the geometric mean ratio; above 1 is slower; NaN when no case was compared
 * @param cases the number of cases in it
 */
public record Geomean(double ratio, int cases) {

  /**
   * Summarises comparisons; cases whose ratio is not a positive finite number (no samples) are left out.
   *
   * @param comparisons the comparisons
   * @return the summary
   */
  public static Geomean of(Collection<CaseComparison> comparisons) {
    double logSum = 0;
    int n = 0;
    for (CaseComparison c : comparisons) {
      double r = c.ratio();
      if (r > 0 && !Double.isInfinite(r)) {
        logSum += Math.log(r);
        n++;
      }
    }
    return new Geomean(n == 0 ? Double.NaN : Math.exp(logSum / n), n);
  }

  /**
   * The relative change of the geometric mean.
   *
   * @return {@code ratio - 1}; positive is slower
   */
  public double change() {
    return ratio - 1;
  }
}
