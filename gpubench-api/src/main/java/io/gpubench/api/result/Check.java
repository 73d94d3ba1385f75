package io.gpubench.api.result;

/**
 * One bound of a tolerance, checked.
 *
 * @param metric the figure: {@code maxAbs}, {@code rms}, {@code psnrDb}, {@code relL2} or {@code nonFinite}
 * @param actual the measured value
 * @param allowed the bound
 * @param atLeast true when the figure must be at least the bound (PSNR), false when at most
 * @param passed whether the bound holds
 */
public record Check(String metric, double actual, double allowed, boolean atLeast, boolean passed) {

  /**
   * The share of the allowance used: {@code actual / allowed} for an upper bound; for a lower bound (PSNR in dB)
   * {@code allowed / actual}. Above 1 the bound is missed.
   *
   * @return the share, or NaN when undefined
   */
  public double usedShare() {
    if (atLeast) {
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
    String op = passed ? (atLeast ? ">=" : "<=") : (atLeast ? "<" : ">");
    return metric + " " + fmt(actual) + " " + op + " allowed " + fmt(allowed);
  }

  private static String fmt(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return String.valueOf(v);
    }
    return String.format(java.util.Locale.ROOT, "%.4g", v);
  }
}
