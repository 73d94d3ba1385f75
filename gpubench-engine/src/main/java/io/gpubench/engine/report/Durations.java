package io.gpubench.engine.report;

import java.util.Locale;

/** Formats nanosecond durations with a unit that keeps three significant digits readable. */
public final class Durations {

  private Durations() {}

  /**
   * Formats a duration.
   *
   * @param nanos nanoseconds
   * @return such as {@code 812 ns}, {@code 4.21 µs}, {@code 13.5 ms}, {@code 2.04 s}
   */
  public static String format(double nanos) {
    if (Double.isNaN(nanos)) {
      return "";
    }
    if (nanos < 1e3) {
      return String.format(Locale.ROOT, "%.0f ns", nanos);
    }
    if (nanos < 1e6) {
      return String.format(Locale.ROOT, "%.3g µs", nanos / 1e3);
    }
    if (nanos < 1e9) {
      return String.format(Locale.ROOT, "%.3g ms", nanos / 1e6);
    }
    return String.format(Locale.ROOT, "%.3g s", nanos / 1e9);
  }
}
