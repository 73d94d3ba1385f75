package io.gpubench.results.compare;

import java.util.Arrays;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.distribution.discrete.BinomialDistribution;

/**
 * Distribution-free confidence intervals, for samples of times whose tails (a preempted trial, a GC pause, a clock
 * boost) would swamp any interval built on the mean: a single 100x outlier moves a Student-t interval of the mean
 * by more than the change a gate is looking for, and leaves these two alone.
 */
public final class Intervals {

  /** Beyond this many pairwise differences the samples are thinned to evenly spaced order statistics. */
  private static final int MAX_PAIRS = 1_000_000;

  private static final double Z95 = 1.959963984540054;

  private Intervals() {}

  /**
   * The sampling variance of the logarithm of a sample's median, read off its distribution-free 95% interval (the
   * interval's width in logarithms over twice the normal quantile): how far another run's median could be from this
   * one's through the trials' noise alone.
   *
   * @param xs the sample, positive values
   * @return the variance, or NaN when the sample is too small to bound its median (fewer than 6 values)
   */
  static double logMedianVariance(double[] xs) {
    double[] ci = ofMedian(xs, 0.05);
    if (!(ci[0] > 0) || Double.isInfinite(ci[1])) {
      return Double.NaN;
    }
    double w = (Math.log(ci[1]) - Math.log(ci[0])) / (2 * Z95);
    return w * w;
  }

  /**
   * The median of values.
   *
   * @param xs the values, left unchanged
   * @return the median, or NaN when there are none
   */
  public static double median(double[] xs) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    int m = s.length / 2;
    return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
  }

  /**
   * The order-statistic confidence interval of a median: {@code [x(l), x(n+1-l)]} with {@code l} the largest rank
   * whose binomial tail stays within half the significance.
   *
   * @param xs the sample
   * @param significance the level, 0.05 for a 95% interval
   * @return {@code {low, high}}; infinite ends when the sample is too small to bound the median at that level
   */
  public static double[] ofMedian(double[] xs, double significance) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    BinomialDistribution half = new BinomialDistribution(n, 0.5);
    int l = 0;
    while (l + 1 <= (n + 1) / 2 && half.cumulativeProbability(l) <= significance / 2) {
      l++;
    }
    if (l == 0) {
      return new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    }
    return new double[] {s[l - 1], s[n - l]};
  }

  /**
   * The Hodges-Lehmann confidence interval of the shift from {@code baseline} to {@code current}: order statistics
   * of the pairwise differences {@code current[j] - baseline[i]}, at the ranks the Mann-Whitney statistic's normal
   * approximation gives. It is the interval that goes with the rank test.
   *
   * @param baseline the baseline's sample
   * @param current the current sample
   * @param significance the level
   * @return {@code {low, high}} of the shift; infinite ends when the samples are too small to bound it
   */
  static double[] ofShift(double[] baseline, double[] current, double significance) {
    double[] b = thin(baseline);
    double[] c = thin(current);
    int nb = b.length;
    int nc = c.length;
    double[] d = new double[nb * nc];
    int k = 0;
    for (double y : c) {
      for (double x : b) {
        d[k++] = y - x;
      }
    }
    Arrays.sort(d);
    double z = new NormalDistribution().inverseCumulativeProbability(1 - significance / 2);
    long rank = (long) Math.floor(d.length / 2.0 - z * Math.sqrt(nb * (double) nc * (nb + nc + 1) / 12.0));
    if (rank < 1) {
      return new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    }
    return new double[] {d[(int) rank - 1], d[d.length - (int) rank]};
  }

  // Evenly spaced order statistics keep the shape of a large sample at a bounded cost; the interval they give is
  // a little wider than the full sample's would be, never narrower.
  private static double[] thin(double[] xs) {
    int keep = (int) Math.sqrt(MAX_PAIRS);
    if (xs.length <= keep) {
      return xs;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    double[] out = new double[keep];
    for (int i = 0; i < keep; i++) {
      out[i] = s[(int) Math.round(i * (s.length - 1) / (double) (keep - 1))];
    }
    return out;
  }
}
