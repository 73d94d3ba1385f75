package io.gpubench.engine.statistics;

/**
 * The interval of a median time per call, the figure every report shows and the gate compares: on the logarithmic
 * scale, so that it is never below zero and a ratio reads the same at every size.
 *
 * <p>The rule for one sample (one fork's trials): with {@code y = ln x} and {@code s} the sample standard deviation of
 * the {@code y}, the standard error of the log median is {@code √(π/2) · s / √n} (the large-sample variance of a
 * median of a normal sample is {@code π/2} times that of its mean; trials' times are close to log-normal), and the
 * interval is {@code median · exp(±t · se)} with Student's {@code t} at {@code n − 1} degrees of freedom. A slow trial
 * among quick ones widens {@code s} and so the interval (it never makes the interval narrower than the trials allow);
 * the median itself stays where the quick ones are. Values of zero or below (a clock coarser than the call) count as
 * {@value #FLOOR_NANOS} ns on the log scale.
 *
 * <p>{@link ForkStatistics} combines forks on the same scale, and {@link StoppingRule} stops on this interval, so the
 * stop reason a case reports is that of the interval it reports.
 */
public final class MedianInterval {

  /** What a value of zero or below counts as on the log scale: a tenth of a picosecond per call. */
  static final double FLOOR_NANOS = 1e-4;

  /** The ratio of a median's standard error to a mean's for normal samples, {@code √(π/2)}. */
  static final double MEDIAN_FACTOR = Math.sqrt(Math.PI / 2);

  private MedianInterval() {}

  /**
   * The natural logarithm of a time, values of zero or below at the floor.
   *
   * @param nanos the time
   * @return its logarithm
   */
  static double log(double nanos) {
    return Math.log(Math.max(FLOOR_NANOS, nanos));
  }

  /**
   * The standard error of a sample's log median.
   *
   * @param samples the sample
   * @return the standard error; 0 for fewer than two values
   */
  static double logStandardError(double[] samples) {
    Running r = new Running();
    for (double x : samples) {
      r.add(x);
    }
    return r.logStandardError();
  }

  /**
   * The relative half-width of an interval {@code exp(±h)} around its centre, {@code (e^h − e^−h) / 2}: what a target
   * such as {@code @Trials(targetRelativeHalfWidth)} is compared with.
   *
   * @param logHalfWidth the half-width on the log scale
   * @return the relative half-width
   */
  public static double relativeHalfWidth(double logHalfWidth) {
    return Math.sinh(logHalfWidth);
  }

  /**
   * The half-width on the log scale for a relative half-width, the inverse of {@link #relativeHalfWidth(double)}.
   *
   * @param relative the relative half-width
   * @return the log half-width
   */
  static double logHalfWidth(double relative) {
    return asinh(relative);
  }

  private static double asinh(double x) {
    return Math.log(x + Math.sqrt(x * x + 1));
  }

  /**
   * The log-scale standard error of a sample's median, kept as trials arrive: sums of the logarithms, so that each
   * trial costs the same whatever the count (the stopping rule asks after every trial).
   */
  static final class Running {
    private int n;
    private double shift = Double.NaN;
    private double sum;
    private double sumOfSquares;

    /**
     * Adds a value.
     *
     * @param nanos the value
     */
    void add(double nanos) {
      double y = log(nanos);
      // Sums about the first value, so that values close together keep their digits.
      if (Double.isNaN(shift)) {
        shift = y;
      }
      double d = y - shift;
      sum += d;
      sumOfSquares += d * d;
      n++;
    }

    int count() {
      return n;
    }

    /** The geometric mean of the values so far (the floor for those of zero or below); NaN before the first. */
    double geometricMean() {
      return n == 0 ? Double.NaN : Math.exp(shift + sum / n);
    }

    /** The standard error of the log median so far; 0 for fewer than two values. */
    double logStandardError() {
      if (n < 2) {
        return 0;
      }
      double variance = Math.max(0, (sumOfSquares - sum * sum / n) / (n - 1));
      return MEDIAN_FACTOR * Math.sqrt(variance / n);
    }

    /**
     * The half-width on the log scale at a confidence level.
     *
     * @param confidence the level
     * @return {@code t · se}; infinite for fewer than two values
     */
    double logHalfWidth(double confidence) {
      return n < 2 ? Double.POSITIVE_INFINITY : SampleStatistics.tQuantile(confidence, n - 1) * logStandardError();
    }
  }
}
