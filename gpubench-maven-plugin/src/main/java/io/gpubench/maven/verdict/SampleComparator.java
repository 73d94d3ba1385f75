package io.gpubench.maven.verdict;

import io.gpubench.maven.baseline.CaseSamples;
import io.gpubench.maven.rules.Direction;
import java.util.Arrays;
import java.util.Locale;
import org.hipparchus.stat.inference.MannWhitneyUTest;

/**
 * Compares two samples of a figure, the baseline's and the current run's (per-call times, or rates derived from
 * them), and gives a verdict that noise cannot fake.
 *
 * <p>A change is FASTER or SLOWER only when three things agree: the confidence intervals of the two medians do not
 * overlap, a two-sided Mann-Whitney U test rejects "same distribution" at the significance level, and the medians
 * differ by at least the minimum relative effect. The rank test alone calls a 0.1% shift significant once there are
 * enough samples, the interval gap alone is weak on tiny samples, and the effect alone ignores noise.
 *
 * <p>SAME is not merely "no significant change": the Hodges-Lehmann confidence interval of the shift between the
 * samples, relative to the baseline median, must lie within plus or minus the minimum effect. A run too noisy or too
 * short to rule out a change of that size is AMBIGUOUS, which is the honest answer.
 *
 * <p>Every interval is built on medians and ranks, not means: benchmark times have heavy right tails (a preempted
 * trial can take 100 times the median), and an interval of the mean would let one such trial decide the verdict.
 *
 * @param significance the level of the rank test and the intervals (0.05 gives 95% intervals)
 * @param minEffect the smallest relative change of the median that counts (0.05 is 5%)
 */
public record SampleComparator(double significance, double minEffect) {

  /**
   * Makes a comparator.
   *
   * @param significance the test level, in (0, 1)
   * @param minEffect the minimum relative effect, at least 0
   * @throws IllegalArgumentException when either is out of range
   */
  public SampleComparator {
    if (!(significance > 0 && significance < 1)) {
      throw new IllegalArgumentException("significance " + significance + " is not between 0 and 1");
    }
    if (!(minEffect >= 0) || Double.isInfinite(minEffect)) {
      throw new IllegalArgumentException("minimum effect " + minEffect + " is not a finite share of at least 0");
    }
  }

  /**
   * Compares samples of times, where lower is better.
   *
   * @param baseline the baseline's times per call, ns
   * @param current the current times per call, ns
   * @return the comparison
   */
  public Comparison compare(double[] baseline, double[] current) {
    return compare(baseline, current, Direction.LOWER_IS_BETTER);
  }

  /**
   * Compares samples of a figure whose direction is known: a rise in a rate is FASTER, a rise in a time SLOWER.
   *
   * @param baseline the baseline's samples
   * @param current the current samples
   * @param direction which way the figure improves
   * @return the comparison
   * @throws IllegalArgumentException when the direction is unknown
   */
  public Comparison compare(double[] baseline, double[] current, Direction direction) {
    if (direction == Direction.UNKNOWN) {
      throw new IllegalArgumentException("a figure of unknown direction cannot be called faster or slower");
    }
    int nb = baseline.length;
    int nc = current.length;
    if (nb == 0 || nc == 0) {
      return new Comparison(Verdict.AMBIGUOUS, CaseSamples.median(baseline), CaseSamples.median(current),
          Double.NaN, Double.NaN, false, nb, nc, "no samples to compare (baseline n=" + nb + ", current n=" + nc + ")");
    }
    double mb = CaseSamples.median(baseline);
    double mc = CaseSamples.median(current);
    double change = mc / mb - 1;
    if (nb < 2 || nc < 2) {
      return new Comparison(Verdict.AMBIGUOUS, mb, mc, change, Double.NaN, false, nb, nc,
          "too few samples for a test (baseline n=" + nb + ", current n=" + nc + ")");
    }
    double[] ib = Intervals.ofMedian(baseline, significance);
    double[] ic = Intervals.ofMedian(current, significance);
    boolean disjoint = ic[0] > ib[1] || ic[1] < ib[0];
    double p = rankTestP(baseline, current);
    boolean significant = p < significance;
    boolean large = Math.abs(change) >= minEffect;

    if (disjoint && significant && large) {
      boolean worse = direction == Direction.LOWER_IS_BETTER ? change > 0 : change < 0;
      Verdict v = worse ? Verdict.SLOWER : Verdict.FASTER;
      return new Comparison(v, mb, mc, change, p, true, nb, nc,
          String.format(Locale.ROOT, "rank test p=%.2g, medians' intervals apart", p));
    }
    double[] shift = Intervals.ofShift(baseline, current, significance);
    double low = shift[0] / mb;
    double high = shift[1] / mb;
    if (low > -minEffect && high < minEffect && !large) {
      return new Comparison(Verdict.SAME, mb, mc, change, p, disjoint, nb, nc, String.format(Locale.ROOT,
          "shift within [%+.1f%%, %+.1f%%], inside ±%.1f%%", low * 100, high * 100, minEffect * 100));
    }
    return new Comparison(Verdict.AMBIGUOUS, mb, mc, change, p, disjoint, nb, nc,
        ambiguity(change, p, significant, disjoint, large, low, high));
  }

  private String ambiguity(double change, double p, boolean significant, boolean disjoint, boolean large,
      double low, double high) {
    if (large) {
      String why = !significant && !disjoint ? "rank test not significant and medians' intervals overlap"
          : !significant ? "rank test not significant" : "medians' intervals overlap";
      return String.format(Locale.ROOT, "median %+.1f%% but %s (p=%.2g)", change * 100, why, p);
    }
    if (Double.isInfinite(low) || Double.isInfinite(high)) {
      return String.format(Locale.ROOT, "median %+.1f%% but too few samples to bound the shift at this level",
          change * 100);
    }
    return String.format(Locale.ROOT,
        "median %+.1f%% but too noisy to rule out ±%.1f%%: shift within [%+.1f%%, %+.1f%%]",
        change * 100, minEffect * 100, low * 100, high * 100);
  }

  private static double rankTestP(double[] b, double[] c) {
    // With every value tied the statistic's variance is zero and the test is undefined; nothing differs.
    double first = b[0];
    if (Arrays.stream(b).allMatch(v -> v == first) && Arrays.stream(c).allMatch(v -> v == first)) {
      return 1.0;
    }
    double p = new MannWhitneyUTest().mannWhitneyUTest(b, c);
    return Double.isNaN(p) ? 1.0 : p;
  }
}
