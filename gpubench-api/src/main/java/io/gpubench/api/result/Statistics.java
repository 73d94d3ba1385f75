package io.gpubench.api.result;

/**
 * Summary statistics of a sample of per-call times, in nanoseconds.
 *
 * @param n the number of samples
 * @param mean the arithmetic mean
 * @param median the median
 * @param min the smallest sample
 * @param max the largest sample
 * @param stdev the sample standard deviation
 * @param p90 the 90th percentile
 * @param p99 the 99th percentile
 * @param confidence the confidence level of the interval, e.g. 0.95
 * @param ciLow the lower end of the confidence interval of the median: what another run's median would be, on the
 *     log scale ({@code median · exp(−t · se)}), so never below zero; for a case measured in several forks its
 *     standard error spans the forks (docs/results-schema.md says how it is built)
 * @param ciHigh the upper end, {@code median · exp(t · se)}
 */
public record Statistics(
    int n,
    double mean,
    double median,
    double min,
    double max,
    double stdev,
    double p90,
    double p99,
    double confidence,
    double ciLow,
    double ciHigh) {

  /**
   * The half-width of the confidence interval relative to the median it is the interval of: what
   * {@code @Trials(targetRelativeHalfWidth)} is compared with.
   *
   * @return {@code (ciHigh - ciLow) / 2 / median}
   */
  public double relativeHalfWidth() {
    return (ciHigh - ciLow) / 2 / median;
  }
}
