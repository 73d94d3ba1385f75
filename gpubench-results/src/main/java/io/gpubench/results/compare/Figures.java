package io.gpubench.results.compare;

import java.util.Locale;

/**
 * Formats the figures of a result for people: times with a unit chosen by size, rates with SI prefixes, shares as
 * percentages. Every report (HTML, Markdown) formats through here so the same number reads the same everywhere.
 * Absent figures (null, NaN) format as an en dash rather than "NaN", which readers take for a measured value.
 */
public final class Figures {

  /** What an absent figure prints as. */
  public static final String ABSENT = "–";

  private static final String[] PREFIXES = {"", "k", "M", "G", "T", "P", "E"};

  private Figures() {}

  /**
   * A duration with four significant digits and a unit from ns to s: {@code 1.234 ms}.
   *
   * @param nanos nanoseconds
   * @return the text, or {@link #ABSENT}
   */
  public static String duration(Double nanos) {
    if (!present(nanos)) {
      return ABSENT;
    }
    double v = nanos;
    double abs = Math.abs(v);
    if (abs >= 1e9) {
      return sig(v / 1e9) + " s";
    }
    if (abs >= 1e6) {
      return sig(v / 1e6) + " ms";
    }
    if (abs >= 1e3) {
      return sig(v / 1e3) + " µs";
    }
    return sig(v) + " ns";
  }

  /**
   * An interval of durations in the unit {@link #duration} picks for a reference value, the unit written once:
   * {@code 1.229–1.241 ms} for a median of 1.234 ms.
   *
   * @param low the low end, ns
   * @param high the high end, ns
   * @param reference the value whose unit the ends take (the median they surround), ns
   * @return the text, or {@link #ABSENT} when an end is absent
   */
  public static String durationRange(double low, double high, double reference) {
    if (!present(low) || !present(high) || !present(reference)) {
      return ABSENT;
    }
    double abs = Math.abs(reference);
    double scale = abs >= 1e9 ? 1e9 : abs >= 1e6 ? 1e6 : abs >= 1e3 ? 1e3 : 1;
    String unit = abs >= 1e9 ? "s" : abs >= 1e6 ? "ms" : abs >= 1e3 ? "µs" : "ns";
    return sig(low / scale) + "–" + sig(high / scale) + " " + unit;
  }

  /**
   * A rate with an SI prefix: {@code 312.5 GFLOP/s} for a symbol unit (upper case first), {@code 1.52 k samples/s}
   * for a word unit, where the prefix stands alone so it does not read as part of the word.
   *
   * @param perSecond the rate
   * @param unit the unit, such as {@code "FLOP/s"}, {@code "B/s"} or {@code "samples/s"}
   * @return the text, or {@link #ABSENT}
   */
  public static String rate(Double perSecond, String unit) {
    if (!present(perSecond)) {
      return ABSENT;
    }
    double v = perSecond;
    int i = 0;
    while (Math.abs(v) >= 1000 && i < PREFIXES.length - 1) {
      v /= 1000;
      i++;
    }
    boolean word = !unit.isEmpty() && Character.isLowerCase(unit.charAt(0));
    String prefix = PREFIXES[i];
    return sig(v) + " " + (word && !prefix.isEmpty() ? prefix + " " : prefix) + unit;
  }

  /**
   * An amount of memory with a binary prefix and four significant digits: {@code 4016 B}, {@code 3.922 KiB},
   * {@code 9.8 GiB}, as {@code nvidia-smi} and the JVM's {@code -Xmx} count them.
   *
   * @param bytes the bytes
   * @return the text, or {@link #ABSENT}
   */
  public static String bytes(Double bytes) {
    if (!present(bytes)) {
      return ABSENT;
    }
    double v = bytes;
    int i = 0;
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    while (Math.abs(v) >= 1024 && i < units.length - 1) {
      v /= 1024;
      i++;
    }
    return sig(v) + " " + units[i];
  }

  /**
   * A change as a signed percentage rounded to a tenth: {@code +12.3%}, {@code -4.0%}; a change that rounds to zero
   * prints as {@code +0.0%}, not {@code -0.0%}. Every verdict, summary and history page writes its changes so.
   *
   * @param change the change, 0.123 for +12.3%
   * @return the text, {@code +∞%} / {@code −∞%}, or {@link #ABSENT}
   */
  public static String signedPercent(double change) {
    if (Double.isNaN(change)) {
      return ABSENT;
    }
    if (Double.isInfinite(change)) {
      return change > 0 ? "+∞%" : "−∞%";
    }
    double tenths = Math.round(change * 1000) / 10.0;
    return String.format(Locale.ROOT, "%+.1f%%", tenths == 0 ? 0.0 : tenths);
  }

  /**
   * A share as a percentage: {@code 42%}; under 10% with one decimal ({@code 0.8%}), where the decimal still
   * carries information (a confidence interval's half-width).
   *
   * @param share the share, 1 is all
   * @return the text, or {@link #ABSENT}
   */
  public static String percent(Double share) {
    if (share == null || Double.isNaN(share)) {
      return ABSENT;
    }
    if (Double.isInfinite(share)) {
      return "∞%";
    }
    double p = share * 100;
    return Math.abs(p) < 9.95 && p != 0
        ? String.format(Locale.ROOT, "%.1f%%", p)
        : String.format(Locale.ROOT, "%.0f%%", p);
  }

  /**
   * A ratio: {@code ×1.12}.
   *
   * @param ratio the ratio
   * @return the text, or {@link #ABSENT}
   */
  public static String ratio(Double ratio) {
    return present(ratio) ? "×" + String.format(Locale.ROOT, "%.3g", ratio) : ABSENT;
  }

  /**
   * A plain number with four significant digits, exponent only where needed: {@code 0.0213}, {@code 51.2}.
   *
   * @param v the number
   * @return the text, {@code inf} for infinities, or {@link #ABSENT}
   */
  public static String number(Double v) {
    if (v == null || Double.isNaN(v)) {
      return ABSENT;
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    double abs = Math.abs(v);
    if (abs != 0 && (abs < 1e-3 || abs >= 1e6)) {
      return String.format(Locale.ROOT, "%.3e", v);
    }
    return sig(v);
  }

  /**
   * Whether a figure is there: not null, not NaN, not infinite.
   *
   * @param v the figure
   * @return true when it can be shown as a number
   */
  public static boolean present(Double v) {
    return v != null && !Double.isNaN(v) && !Double.isInfinite(v);
  }

  // Four significant digits without a trailing ".000": 1.234, 12.34, 123.4, 1234.
  private static String sig(double v) {
    String s = new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  /**
   * The range of a world's SM clocks where its GPUs' means differ by 2% or more ({@code Telemetry#worldClockSpread}),
   * such as {@code 1755-1980 MHz}.
   *
   * @param t the case's telemetry, or null
   * @return the text, or null for one device or clocks within 2%
   */
  public static String clockSpread(io.gpubench.api.result.Telemetry t) {
    double[] spread = t == null ? null : t.worldClockSpread();
    return spread == null ? null : String.format(java.util.Locale.ROOT, "%.0f-%.0f MHz", spread[0], spread[1]);
  }
}
