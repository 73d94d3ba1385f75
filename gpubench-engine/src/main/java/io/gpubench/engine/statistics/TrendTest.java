package io.gpubench.engine.statistics;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.hipparchus.stat.inference.MannWhitneyUTest;

/**
 * Whether a series of trials still trends: the code under test was still changing speed (a late JIT compile, a
 * device changing clocks, a cache or heap growing) while it was timed, so its interval describes a mixture.
 *
 * <p>The rule: the first and the last third of the series differ by a Mann-Whitney U test at the
 * {@value #LEVEL} level (Hipparchus), and their medians differ by more than the shift that matters
 * ({@code minShift}, as a share). A rank test, so that one slow trial (an interrupt) cannot make a trend; the shift,
 * so that a long series does not call a difference of 0.1% a trend. A series of fewer than {@value #MIN_TRIALS}
 * trials is not tested.
 */
public final class TrendTest {
  /** The significance level of the test. */
  static final double LEVEL = 0.01;

  /** The fewest trials tested: three in each third. */
  static final int MIN_TRIALS = 9;

  private TrendTest() {}

  /**
   * Tests a series.
   *
   * @param series the trials' times in the order they ran
   * @param minShift the smallest difference of the thirds' medians, as a share of the first's, that counts
   * @return the figures of the trend, or empty when there is none (or too few trials to tell)
   */
  public static Optional<String> of(double[] series, double minShift) {
    int n = series.length;
    if (n < MIN_TRIALS) {
      return Optional.empty();
    }
    int third = n / 3;
    double[] first = Arrays.copyOfRange(series, 0, third);
    double[] last = Arrays.copyOfRange(series, n - third, n);
    double p = new MannWhitneyUTest().mannWhitneyUTest(first, last);
    double a = median(first);
    double b = median(last);
    double shift = b / a - 1;
    if (p < LEVEL && Math.abs(shift) > minShift) {
      return Optional.of(String.format(Locale.ROOT,
          "the last third of %d trials is %.1f%% %s the first (medians %.4g and %.4g ns; Mann-Whitney p = %.2g)",
          n, Math.abs(shift) * 100, shift > 0 ? "slower than" : "faster than", a, b, p));
    }
    return Optional.empty();
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return SampleStatistics.percentile(s, 0.5);
  }
}
