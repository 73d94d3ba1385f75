package io.gpubench.maven.rules;

import java.math.BigDecimal;
import io.gpubench.results.compare.Figures;
import java.util.Locale;

/**
 * The unit of a figure: how a limit written in the POM is parsed, and how a value is printed in messages. Values are
 * held in base units: nanoseconds for times, per second for rates, plain ratios for gaps and shares.
 *
 * <p>Prefixes in limits are SI, powers of 1000: {@code k} is 1000, {@code M} 10⁶, {@code G} 10⁹, {@code T} 10¹²,
 * {@code P} 10¹⁵, as the reports print rates ({@code 50T} is the {@code 50 TFLOP/s} a report shows). Shapes in
 * {@code @Shape} are sizes of buffers and use the binary meaning instead ({@code k} = 1024, {@code M} = 1024²): one
 * meaning per place, each documented where it is written. Values print through the reports' one formatter
 * ({@link Figures}), so a message and a report show a figure alike.
 */
public enum Unit {
  /** Times, held in nanoseconds, written with a unit: {@code 250us}, {@code 2.5ms}, {@code 1s}. */
  NANOS(""),
  /** Rates per second, written plain or with an SI prefix: {@code 5e13}, {@code 50T}, {@code 1.2G}. */
  PER_SECOND("/s"),
  /** Plain ratios, written plain or as a percentage: {@code 1.5}, {@code 80%}. */
  RATIO(""),
  /** A workload's own figure: plain numbers, SI prefixes allowed. */
  PLAIN(""),
  /**
   * Memory, held in bytes, written with a binary unit: {@code 4096B}, {@code 64KiB}, {@code 512MiB}, {@code 9.8GiB}
   * ({@code KiB} is 1024 bytes, as {@code nvidia-smi} and {@code -Xmx} count memory).
   */
  BYTES("B");

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
      case BYTES -> {
        for (String[] u : BYTE_UNITS) {
          if (t.endsWith(u[0]) && startsWithNumber(t.substring(0, t.length() - u[0].length()).trim())) {
            return number(t.substring(0, t.length() - u[0].length()), text) * Double.parseDouble(u[1]);
          }
        }
        throw new IllegalArgumentException("'" + text + "' is not an amount of memory: write a number with a unit, "
            + "B, KiB, MiB, GiB or TiB (such as 512MiB; KiB is 1024 bytes)");
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
        try {
          return new BigDecimal(t).doubleValue();
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("'" + text + "' is not a number: write a plain number (5e13) or one with "
              + "an SI prefix k, M, G, T or P, powers of 1000 (50T)");
        }
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
      case NANOS -> Figures.duration(value);
      case RATIO -> String.format(Locale.ROOT, "%.3g", value);
      case PER_SECOND -> Figures.rate(value, suffix);
      case BYTES -> Figures.bytes(value);
      default -> Figures.rate(value, "").strip();
    };
  }

  // longest first: "MiB" ends with "B" too
  private static final String[][] BYTE_UNITS = {{"KiB", "1024"}, {"MiB", "1048576"}, {"GiB", "1073741824"},
      {"TiB", "1099511627776"}, {"B", "1"}};

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
}
