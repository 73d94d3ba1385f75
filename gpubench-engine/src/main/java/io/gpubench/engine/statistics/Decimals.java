package io.gpubench.engine.statistics;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as text, exactly as {@code String.format(Locale.ROOT, ...)} writes them with {@code %.Nf}, {@code %+.Nf},
 * {@code %.Ng} and {@code %,d}, for the words a worker makes for every case (how its warm-up ended, why its trials
 * stopped). {@link java.util.Formatter} builds a parser, a {@code DecimalFormatSymbols} and, for a grouped integer, a
 * {@code DecimalFormat} on every call; over 1,000 trivial cases its code was still being compiled by C2 at case 900
 * (some 0.6 s of the worker's compilations), beside the warm-up of the case then under way, and 1,000 cases took
 * 0.8–1 s longer with it. Here a value is scaled and rounded in a {@code long}; only a value whose scaled fraction
 * is within a hair of one half, where the binary value and its shortest decimal (which {@code Formatter} rounds, half
 * up) may round apart, goes through {@link BigDecimal} as {@code Formatter} does.
 */
public final class Decimals {
  private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
  // below this a scaled value's rounding error is far inside TIE: the fast path decides as the decimal would
  private static final double FAST_LIMIT = 1e9;
  private static final double TIE = 1e-6;

  private Decimals() {}

  /**
   * {@code %.Nf}.
   *
   * @param v the value
   * @param decimals digits after the point, 0 to 9
   * @return the text
   */
  public static String fixed(double v, int decimals) {
    return fixed(v, decimals, false);
  }

  /**
   * {@code %+.Nf}: a sign always.
   *
   * @param v the value
   * @param decimals digits after the point, 0 to 9
   * @return the text
   */
  public static String signed(double v, int decimals) {
    return fixed(v, decimals, true);
  }

  private static String fixed(double v, int decimals, boolean plus) {
    if (decimals < 0 || decimals >= POW10.length) {
      throw new IllegalArgumentException(decimals + " decimals: 0 to " + (POW10.length - 1));
    }
    boolean negative = Double.doubleToRawLongBits(v) < 0;
    String sign = negative ? "-" : plus ? "+" : "";
    double a = Math.abs(v);
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return sign + "Infinity";
    }
    double scaled = a * POW10[decimals];
    if (scaled < FAST_LIMIT) {
      long whole = (long) scaled;
      double fraction = scaled - whole;
      if (Math.abs(fraction - 0.5) > TIE) {
        return sign + point(fraction > 0.5 ? whole + 1 : whole, decimals);
      }
    }
    return sign + new BigDecimal(Double.toString(a)).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
  }

  /**
   * {@code %.Ng}: N significant digits, in decimal form from 10<sup>-4</sup> to below 10<sup>N</sup> and in
   * scientific form ({@code 1.23e+05}) elsewhere.
   *
   * @param v the value
   * @param digits significant digits, 1 to 9
   * @return the text
   */
  public static String significant(double v, int digits) {
    if (digits < 1 || digits >= POW10.length) {
      throw new IllegalArgumentException(digits + " significant digits: 1 to " + (POW10.length - 1));
    }
    boolean negative = Double.doubleToRawLongBits(v) < 0;
    String sign = negative ? "-" : "";
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return sign + "Infinity";
    }
    double a = Math.abs(v);
    if (a == 0) {
      return sign + point(0, digits - 1);
    }
    int e = 0;
    long r = -1;
    // far from the ends of double's range, where a power of ten stays a normal double
    if (a > 1e-280 && a < 1e280) {
      e = (int) Math.floor(Math.log10(a));
      double m = a / Math.pow(10, e - digits + 1);
      if (m >= POW10[digits]) {
        e++;
        m = a / Math.pow(10, e - digits + 1);
      } else if (m < POW10[digits - 1]) {
        e--;
        m = a / Math.pow(10, e - digits + 1);
      }
      long whole = (long) m;
      double fraction = m - whole;
      if (Math.abs(fraction - 0.5) > TIE) {
        r = fraction > 0.5 ? whole + 1 : whole;
      }
    }
    if (r < 0) {
      BigDecimal d = new BigDecimal(Double.toString(a)).round(new MathContext(digits, RoundingMode.HALF_UP));
      r = d.unscaledValue().longValueExact();
      // a rounded decimal may carry fewer digits (1.0E+10 has two): bring it to N
      e = d.precision() - d.scale() - 1;
      for (int k = d.precision(); k < digits; k++) {
        r *= 10;
      }
    }
    if (r >= (long) POW10[digits]) {
      r /= 10;
      e++;
    }
    // Formatter's rule on the rounded magnitude: decimal from 10^-4 to below 10^N
    if (e >= -4 && e < digits) {
      return sign + point(r, digits - 1 - e);
    }
    return sign + point(r, digits - 1) + "e" + (e < 0 ? "-" : "+") + (Math.abs(e) < 10 ? "0" : "") + Math.abs(e);
  }

  /**
   * {@code %,d}: thousands grouped with commas.
   *
   * @param v the value
   * @return the text
   */
  public static String grouped(long v) {
    String digits = Long.toString(v);
    int start = v < 0 ? 1 : 0;
    int n = digits.length() - start;
    if (n <= 3) {
      return digits;
    }
    StringBuilder b = new StringBuilder(digits.length() + n / 3);
    b.append(digits, 0, start);
    int first = n % 3 == 0 ? 3 : n % 3;
    b.append(digits, start, start + first);
    for (int i = start + first; i < digits.length(); i += 3) {
      b.append(',').append(digits, i, i + 3);
    }
    return b.toString();
  }

  /** An unsigned count of units of 10^-decimals, with its point. */
  private static String point(long units, int decimals) {
    String s = Long.toString(units);
    if (decimals == 0) {
      return s;
    }
    if (s.length() <= decimals) {
      s = "0".repeat(decimals - s.length() + 1) + s;
    }
    return s.substring(0, s.length() - decimals) + "." + s.substring(s.length() - decimals);
  }
}
