package io.gpubench.api.result;

import io.gpubench.api.CheckMetric;

/**
 * One bound of a tolerance, checked.
 *
 * @param metric the figure checked
 * @param actual the measured value
 * @param allowed the bound
 * @param passed whether the bound holds
 */
public record Check(CheckMetric metric, double actual, double allowed, boolean passed) {

  /**
   * Whether the figure must be at least the bound (PSNR) rather than at most.
   *
   * @return the metric's direction
   */
  public boolean atLeast() {
    return metric.atLeast();
  }

  /**
   * The share of the allowance used: {@code actual / allowed} for an upper bound; for a lower bound (PSNR in dB)
   * {@code allowed / actual}. Above 1 the bound is missed.
   *
   * @return the share, or NaN when undefined
   */
  public double usedShare() {
    if (atLeast()) {
      return actual == 0 ? Double.NaN : allowed / actual;
    }
    return allowed == 0 ? (actual == 0 ? 0 : Double.POSITIVE_INFINITY) : actual / allowed;
  }

  /**
   * The check as a message line: {@code maxAbs 0.031 > allowed 0.02}.
   *
   * @return the line
   */
  public String describe() {
    String op = passed ? (atLeast() ? ">=" : "<=") : (atLeast() ? "<" : ">");
    return metric.key() + " " + fmt(actual) + " " + op + " allowed " + fmt(allowed);
  }

  private static String fmt(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return String.valueOf(v);
    }
    return String.format(java.util.Locale.ROOT, "%.4g", v);
  }
}
