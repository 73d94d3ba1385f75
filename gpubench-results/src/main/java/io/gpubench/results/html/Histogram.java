package io.gpubench.results.html;

import java.util.List;

/**
 * Equal-width bins of a sample, for the trial-distribution chart. The bin count is the square root of the sample
 * size (the spreadsheet rule), kept between 5 and 40: adaptive stopping gives anything from ten to thousands of
 * trials, and fewer than 5 bins hide the shape while more than 40 leave most of them empty or single.
 *
 * @param low the lower edge of the first bin
 * @param width the width of every bin (0 when every sample is equal: one bin)
 * @param counts the number of samples in each bin
 */
record Histogram(double low, double width, int[] counts) {

  /**
   * Bins a sample; the top edge belongs to the last bin.
   *
   * @param xs the sample, finite values (others are left out)
   * @return the histogram, with no bins for an empty sample
   */
  static Histogram of(List<Double> xs) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int n = 0;
    for (Double x : xs) {
      if (x != null && Double.isFinite(x)) {
        min = Math.min(min, x);
        max = Math.max(max, x);
        n++;
      }
    }
    if (n == 0) {
      return new Histogram(0, 0, new int[0]);
    }
    if (max == min) {
      return new Histogram(min, 0, new int[] {n});
    }
    int bins = Math.max(5, Math.min(40, (int) Math.ceil(Math.sqrt(n))));
    double width = (max - min) / bins;
    int[] counts = new int[bins];
    for (Double x : xs) {
      if (x != null && Double.isFinite(x)) {
        counts[Math.min(bins - 1, (int) ((x - min) / width))]++;
      }
    }
    return new Histogram(min, width, counts);
  }

  /**
   * The centre of a bin.
   *
   * @param i the bin
   * @return its centre
   */
  double center(int i) {
    return low + (i + 0.5) * width;
  }
}
