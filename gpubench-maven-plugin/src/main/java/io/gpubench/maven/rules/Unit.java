package io.gpubench.maven.rules;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The unit of a figure: how a limit written in the POM is parsed, and how a value is printed in messages. Values are
 * held in base units: nanoseconds for times, per second for rates, plain ratios for gaps and shares.
 */
public enum Unit {
  /** Times, held in nanoseconds, written with a unit: {@code 250us}, {@code 2.5ms}, {@code 1s}. */
  NANOS(""),
  /** Rates per second, written plain or with an SI prefix: {@code 5e13}, {@code 50T}, {@code 1.2G}. */
  PER_SECOND("/s"),
  /** Plain ratios, written plain or as a percentage: {@code 1.5}, {@code 80%}. */
  RATIO(""),
  /** A workload's own figure: plain numbers, SI prefixes allowed. */
  PLAIN("");

  private final String suffix;

  Unit(String suffix) {
    this.suffix = suffix;
  }

  /**
   * Parses a limit as written in the POM.
   *
   * @param text the limit, such as {@code 2.5ms}, {@code 50T} or {@code 80%}
   * @return the value in base units
   * @throws IllegalArgumentException saying what was expected
   */
  public double parse(String text) {
    String t = text.trim().replace('µ', 'u');
    switch (this) {
      case NANOS -> {
        for (String[] u : TIME_UNITS) {
          if (t.endsWith(u[0]) && startsWithNumber(t.substring(0, t.length() - u[0].length()))) {
            return number(t.substring(0, t.length() - u[0].length()), text) * Double.parseDouble(u[1]);
          }
        }
        throw new IllegalArgumentException(
            "'" + text + "' is not a time: write a number with a unit, ns, us, ms or s (such as 2.5ms)");
      }
      case RATIO -> {
        if (t.endsWith("%")) {
          return number(t.substring(0, t.length() - 1), text) / 100;
        }
        return number(t, text);
      }
      default -> {
        if (!t.isEmpty()) {
          int at = "kMGTP".indexOf(t.charAt(t.length() - 1));
          if (at >= 0) {
            return number(t.substring(0, t.length() - 1), text) * Math.pow(1000, at + 1);
          }
        }
        return number(t, text);
      }
    }
  }

  /**
   * Prints a value for a message or a table: times with the unit that suits them, rates with an SI prefix.
   *
   * @param value the value in base units
   * @return the text, such as {@code 2.61 ms} or {@code 41.2 T/s}
   */
  public String format(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    return switch (this) {
      case NANOS -> formatTime(value);
      case RATIO -> String.format(Locale.ROOT, "%.3g", value);
      default -> formatSi(value) + suffix;
    };
  }

  private static final String[][] TIME_UNITS = {{"ns", "1"}, {"us", "1e3"}, {"ms", "1e6"}, {"s", "1e9"}};

  private static boolean startsWithNumber(String s) {
    return !s.isBlank() && (Character.isDigit(s.charAt(0)) || s.charAt(0) == '.' || s.charAt(0) == '-');
  }

  private static double number(String s, String whole) {
    try {
      return new BigDecimal(s.trim()).doubleValue();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + whole + "' is not a number");
    }
  }

  private static String formatTime(double nanos) {
    double a = Math.abs(nanos);
    if (a >= 1e9) {
      return String.format(Locale.ROOT, "%.3g s", nanos / 1e9);
    }
    if (a >= 1e6) {
      return String.format(Locale.ROOT, "%.3g ms", nanos / 1e6);
    }
    if (a >= 1e3) {
      return String.format(Locale.ROOT, "%.3g us", nanos / 1e3);
    }
    return String.format(Locale.ROOT, "%.3g ns", nanos);
  }

  private static String formatSi(double v) {
    String prefixes = " kMGTP";
    double a = Math.abs(v);
    int i = 0;
    while (a >= 1000 && i < prefixes.length() - 1) {
      a /= 1000;
      i++;
    }
    String p = i == 0 ? "" : " " + prefixes.charAt(i);
    return String.format(Locale.ROOT, "%.3g", Math.signum(v) * a) + (p.isEmpty() ? "" : p);
  }
}
