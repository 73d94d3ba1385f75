package io.gpubench.api.result;

import io.gpubench.api.CheckMetric;

/**
 * The error of an output against its reference, with {@code d = output - reference} over the elements where both
 * are finite.
 *
 * @param count the number of elements compared
 * @param nonFinite elements of the output that are NaN or infinite (unwritten, overflowed)
 * @param maxAbs {@code max |d|}
 * @param rms {@code sqrt(mean(d^2))}
 * @param psnrDb {@code 10 log10(range^2 / mean(d^2))}; infinite when the output is exact
 * @param relL2 {@code ||d|| / ||reference||}
 * @param range the peak-to-peak range the PSNR was computed with
 */
public record ErrorStats(long count, long nonFinite, double maxAbs, double rms, double psnrDb, double relL2, double range) {

  /**
   * Derives the figures from the sums a device kernel (or a host loop) accumulates.
   *
   * @param count elements compared
   * @param nonFinite non-finite output elements
   * @param maxAbs largest absolute difference
   * @param sumSquaredDiff sum of squared differences
   * @param sumSquaredRef sum of squared reference values
   * @param range peak-to-peak range for the PSNR
   * @return the figures
   */
  public static ErrorStats fromSums(
      long count, long nonFinite, double maxAbs, double sumSquaredDiff, double sumSquaredRef, double range) {
    double mse = count == 0 ? Double.NaN : sumSquaredDiff / count;
    double rms = Math.sqrt(mse);
    double psnr = mse == 0 ? Double.POSITIVE_INFINITY : 10 * Math.log10(range * range / mse);
    double relL2 = sumSquaredRef == 0 ? (sumSquaredDiff == 0 ? 0 : Double.POSITIVE_INFINITY)
        : Math.sqrt(sumSquaredDiff / sumSquaredRef);
    return new ErrorStats(count, nonFinite, maxAbs, rms, psnr, relL2, range);
  }

  /**
   * One figure by its metric.
   *
   * @param metric the metric
   * @return its value here ({@link CheckMetric#NON_FINITE} as a count)
   */
  public double value(CheckMetric metric) {
    return switch (metric) {
      case MAX_ABS -> maxAbs;
      case RMS -> rms;
      case PSNR_DB -> psnrDb;
      case REL_L2 -> relL2;
      case NON_FINITE -> nonFinite;
    };
  }
}
