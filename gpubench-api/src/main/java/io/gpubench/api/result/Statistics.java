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
 * @param ciLow the lower end of the Student-t confidence interval of the mean
 * @param ciHigh the upper end
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
   * The half-width of the confidence interval relative to the mean.
   *
   * @return {@code (ciHigh - ciLow) / 2 / mean}
   */
  public double relativeHalfWidth() {
    return (ciHigh - ciLow) / 2 / mean;
  }
}
