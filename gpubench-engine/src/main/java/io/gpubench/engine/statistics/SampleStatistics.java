package io.gpubench.engine.statistics;

import io.gpubench.api.result.Statistics;
import java.util.Arrays;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * Computes {@link Statistics} of a sample: order statistics, moments and the interval of the median
 * ({@link MedianInterval}: log scale, Student-t).
 */
public final class SampleStatistics {

  private SampleStatistics() {}

  /**
   * Summarises a sample.
   *
   * @param samples at least one value
   * @param confidence the interval's confidence level, in (0, 1)
   * @return the statistics; with one sample the interval is the point itself
   * @throws IllegalArgumentException when the sample is empty or the level is outside (0, 1)
   */
  public static Statistics of(double[] samples, double confidence) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("no samples to summarise");
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence " + confidence + " is not in (0, 1)");
    }
    double[] sorted = samples.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double mean = mean(sorted);
    double stdev = stdev(sorted, mean);
    double median = percentile(sorted, 0.5);
    double half = n < 2 ? 0 : tQuantile(confidence, n - 1) * MedianInterval.logStandardError(sorted);
    return new Statistics(n, mean, median, sorted[0], sorted[n - 1], stdev, percentile(sorted, 0.9),
        percentile(sorted, 0.99), confidence, median * Math.exp(-half), median * Math.exp(half));
  }

  /**
   * The two-sided Student-t quantile for a confidence level.
   *
   * @param confidence the level, e.g. 0.95
   * @param degreesOfFreedom at least 1
   * @return t such that P(|T| &lt;= t) = confidence
   */
  public static double tQuantile(double confidence, int degreesOfFreedom) {
    if (degreesOfFreedom < T_CACHE.length && confidence == T_CACHE_LEVEL) {
      double t = T_CACHE[degreesOfFreedom];
      if (t > 0) {
        return t;
      }
      t = new TDistribution(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2);
      T_CACHE[degreesOfFreedom] = t;
      return t;
    }
    return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2);
  }

  // The stopping rule asks after every trial, and Hipparchus inverts the distribution by iteration: the quantiles of
  // the default level are kept (a race writes the same value twice).
  private static final double T_CACHE_LEVEL = 0.95;
  private static final double[] T_CACHE = new double[1024];

  /**
   * The median of a sample in any order (sorted on a copy).
   *
   * @param samples the sample, not empty
   * @return the median
   */
  public static double median(double[] samples) {
    double[] sorted = samples.clone();
    java.util.Arrays.sort(sorted);
    return percentile(sorted, 0.5);
  }

  /**
   * A percentile of a sorted sample, by linear interpolation between closest ranks (Hyndman-Fan type 7, as numpy
   * and R compute it by default).
   *
   * @param sorted the sample, ascending
   * @param p the fraction, in [0, 1]
   * @return the percentile
   */
  public static double percentile(double[] sorted, double p) {
    double h = (sorted.length - 1) * p;
    int lo = (int) Math.floor(h);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  }

  static double mean(double[] xs) {
    double sum = 0;
    for (double x : xs) {
      sum += x;
    }
    return sum / xs.length;
  }

  static double stdev(double[] xs, double mean) {
    if (xs.length < 2) {
      return 0;
    }
    double ss = 0;
    for (double x : xs) {
      ss += (x - mean) * (x - mean);
    }
    return Math.sqrt(ss / (xs.length - 1));
  }
}
