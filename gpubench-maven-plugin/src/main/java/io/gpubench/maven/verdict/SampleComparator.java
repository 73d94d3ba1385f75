package io.gpubench.maven.verdict;

import io.gpubench.maven.baseline.CaseSamples;
import io.gpubench.maven.rules.Direction;
import java.util.Arrays;
import java.util.Locale;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.inference.MannWhitneyUTest;

/**
 * Compares two samples of a figure, the baseline's and the current run's (per-call times, or rates derived from
 * them), and gives a verdict that noise cannot fake.
 *
 * <p>A change is FASTER or SLOWER only when three things agree: the Student-t confidence intervals of the two means
 * do not overlap, a two-sided Mann-Whitney U test rejects "same distribution" at the significance level, and the
 * medians differ by at least the minimum relative effect. The interval gap alone is fooled by a skewed tail, the rank
 * test alone calls a 0.1% shift significant once there are enough samples, and the effect alone ignores noise.
 *
 * <p>SAME is not merely "no significant change": the Welch confidence interval of the difference of the means,
 * relative to the baseline mean, must lie within plus or minus the minimum effect. A run too noisy or too short to
 * rule out a change of that size is AMBIGUOUS, which is the honest answer.
 *
 * @param significance the level of both the rank test and the intervals (0.05 gives 95% intervals)
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
    Interval ib = Interval.ofMean(baseline, significance);
    Interval ic = Interval.ofMean(current, significance);
    boolean disjoint = ic.low() > ib.high() || ic.high() < ib.low();
    double p = rankTestP(baseline, current);
    boolean significant = p < significance;
    boolean large = Math.abs(change) >= minEffect;
    boolean sameSide = Math.signum(ic.mean() - ib.mean()) == Math.signum(change);

    if (disjoint && significant && large && sameSide) {
      boolean worse = direction == Direction.LOWER_IS_BETTER ? change > 0 : change < 0;
      Verdict v = worse ? Verdict.SLOWER : Verdict.FASTER;
      return new Comparison(v, mb, mc, change, p, true, nb, nc,
          String.format(Locale.ROOT, "rank test p=%.2g, intervals apart", p));
    }
    double[] diff = relativeDifferenceInterval(baseline, current, ib, ic);
    if (diff[0] > -minEffect && diff[1] < minEffect && !large) {
      return new Comparison(Verdict.SAME, mb, mc, change, p, disjoint, nb, nc, String.format(Locale.ROOT,
          "mean difference within [%+.1f%%, %+.1f%%], inside ±%.1f%%", diff[0] * 100, diff[1] * 100, minEffect * 100));
    }
    return new Comparison(Verdict.AMBIGUOUS, mb, mc, change, p, disjoint, nb, nc,
        ambiguity(change, p, significant, disjoint, large, diff));
  }

  private String ambiguity(double change, double p, boolean significant, boolean disjoint, boolean large,
      double[] diff) {
    if (large) {
      String why = !significant && !disjoint ? "not significant and intervals overlap"
          : !significant ? "rank test not significant" : !disjoint ? "intervals overlap" : "mean and median disagree";
      return String.format(Locale.ROOT, "median %+.1f%% but %s (p=%.2g)", change * 100, why, p);
    }
    return String.format(Locale.ROOT,
        "median %+.1f%% but too noisy to rule out ±%.1f%%: mean difference within [%+.1f%%, %+.1f%%]",
        change * 100, minEffect * 100, diff[0] * 100, diff[1] * 100);
  }

  // Welch's interval of (mean_c - mean_b) / mean_b, at the comparator's level.
  private double[] relativeDifferenceInterval(double[] b, double[] c, Interval ib, Interval ic) {
    double vb = ib.variance() / b.length;
    double vc = ic.variance() / c.length;
    double se = Math.sqrt(vb + vc);
    double d = ic.mean() - ib.mean();
    double half;
    if (se == 0) {
      half = 0;
    } else {
      double df = (vb + vc) * (vb + vc)
          / (vb * vb / (b.length - 1) + vc * vc / (c.length - 1));
      half = new TDistribution(df).inverseCumulativeProbability(1 - significance / 2) * se;
    }
    return new double[] {(d - half) / ib.mean(), (d + half) / ib.mean()};
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

  /** A Student-t confidence interval of a mean, with the sample variance it came from. */
  record Interval(double mean, double variance, double low, double high) {

    static Interval ofMean(double[] xs, double significance) {
      int n = xs.length;
      double mean = Arrays.stream(xs).average().orElse(Double.NaN);
      double ss = 0;
      for (double x : xs) {
        ss += (x - mean) * (x - mean);
      }
      double variance = ss / (n - 1);
      double half = variance == 0 ? 0
          : new TDistribution(n - 1).inverseCumulativeProbability(1 - significance / 2) * Math.sqrt(variance / n);
      return new Interval(mean, variance, mean - half, mean + half);
    }
  }
}
