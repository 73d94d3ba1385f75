package io.gpubench.engine.declaration;

import io.gpubench.api.AxisValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses the values of one axis as {@code @Shape} and {@code gpubench.axes.*} write them: alternatives separated by
 * {@code |}, each a whole number ({@code 1024}, {@code 4k}, {@code 2M}, {@code 2^10}), a real number ({@code 0.5},
 * {@code 1e-3}), a name ({@code row}) or a range of whole numbers ({@code 128..1024:128}, {@code 2^10..2^20}).
 *
 * <p>Ranges are strict, since a range that silently stops short measures other sizes than the ones meant: both ends
 * of one sort (powers of two, or numbers), start at most end, the end on the step. Whole numbers are sizes, so they are
 * positive; real numbers are any finite value. Every message starts with what the caller names (the shape and the axis)
 * and quotes the value at fault.
 */
public final class AxisValues {

  /** The most values one range may give: past it a typo ({@code 1..1M}) would plan a million cases. */
  public static final int MAX_RANGE = 10_000;

  private static final Pattern WHOLE = Pattern.compile("[0-9]+[kM]?");
  private static final Pattern NEGATIVE = Pattern.compile("-[0-9]+[kM]?");
  private static final Pattern REAL =
      Pattern.compile("-?[0-9]+\\.[0-9]+([eE][-+]?[0-9]+)?|-?[0-9]+[eE][-+]?[0-9]+");
  private static final Pattern BARE_POINT = Pattern.compile("-?\\.[0-9]+");
  private static final Pattern POWER = Pattern.compile("2\\^[0-9]+");

  private AxisValues() {}

  /**
   * Parses the alternatives of one axis: {@code 256|512|2^12..2^14}.
   *
   * @param where what the text belongs to, for messages, ending in {@code ": "} ({@code shape "m=1|x": }), or empty
   * @param axis the axis
   * @param text the values
   * @return the values in order; whole numbers written beside real ones read as real
   * @throws IllegalArgumentException starting with {@code where}, naming the axis and the value at fault
   */
  public static List<AxisValue> alternatives(String where, String axis, String text) {
    List<AxisValue> values = new ArrayList<>();
    for (String part : text.split("\\|", -1)) {
      String v = part.trim();
      if (v.isEmpty()) {
        throw new IllegalArgumentException(where + "axis \"" + axis + "\" has an empty value in \"" + text.trim()
            + "\"");
      }
      if (v.contains("..")) {
        values.addAll(range(where, axis, v));
      } else {
        values.add(single(where, axis, v));
      }
    }
    return distinct(where, axis, text.trim(), unified(where, axis, values));
  }

  /**
   * Parses one value, no range: a tuple's element.
   *
   * @param where what the text belongs to, for messages, ending in {@code ": "}, or empty
   * @param axis the axis
   * @param v the value, trimmed
   * @return the value
   * @throws IllegalArgumentException starting with {@code where}, naming the axis and the value
   */
  public static AxisValue single(String where, String axis, String v) {
    String at = where + "axis \"" + axis + "\" has value \"" + v + "\"";
    if (POWER.matcher(v).matches()) {
      return AxisValue.whole(power(at, v.substring(2)));
    }
    if (WHOLE.matcher(v).matches()) {
      return AxisValue.whole(whole(at, v));
    }
    if (NEGATIVE.matcher(v).matches()) {
      throw new IllegalArgumentException(at + "; sizes must be positive");
    }
    if (REAL.matcher(v).matches()) {
      double d = Double.parseDouble(v);
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException(at + ", which does not fit a double");
      }
      return AxisValue.real(d);
    }
    if (BARE_POINT.matcher(v).matches()) {
      throw new IllegalArgumentException(at + "; write a digit before the point (" + v.replace(".", "0.") + ")");
    }
    if (AxisValue.Name.PATTERN.matcher(v).matches()) {
      return AxisValue.name(v);
    }
    throw new IllegalArgumentException(at + ", which is neither a number nor a name (a name starts with a letter,"
        + " then letters, digits, _ or -)");
  }

  /**
   * Makes a list of one kind: whole numbers beside real ones read as real; names beside numbers are an error.
   *
   * @param where what the values belong to, for messages, ending in {@code ": "}, or empty
   * @param axis the axis
   * @param values the values
   * @return the values, of one kind
   * @throws IllegalArgumentException when names and numbers are mixed
   */
  static List<AxisValue> unified(String where, String axis, List<AxisValue> values) {
    boolean names = values.stream().anyMatch(v -> v.kind() == AxisValue.Kind.NAME);
    boolean numbers = values.stream().anyMatch(v -> v.kind().numeric());
    if (names && numbers) {
      throw new IllegalArgumentException(where + "axis \"" + axis + "\" mixes numbers and names ("
          + String.join(", ", values.stream().map(AxisValue::text).toList()) + "); an axis holds numbers or names");
    }
    if (values.stream().anyMatch(v -> v.kind() == AxisValue.Kind.REAL)) {
      return values.stream().map(AxisValues::asReal).toList();
    }
    return values;
  }

  /**
   * A value as a real number where its axis is one: {@code alpha=1|0.5} reads 1 as 1.0.
   *
   * @param v a number
   * @return the value as a real number
   */
  static AxisValue asReal(AxisValue v) {
    return v instanceof AxisValue.Whole w ? AxisValue.real(w.value()) : v;
  }

  private static List<AxisValue> distinct(String where, String axis, String text, List<AxisValue> values) {
    Set<String> seen = new LinkedHashSet<>();
    for (AxisValue v : values) {
      if (!seen.add(v.text())) {
        throw new IllegalArgumentException(where + "axis \"" + axis + "\" lists " + v.text() + " twice in \"" + text
            + "\"; list each value once");
      }
    }
    return values;
  }

  private static List<AxisValue> range(String where, String axis, String v) {
    String at = where + "axis \"" + axis + "\" has range \"" + v + "\"";
    int dots = v.indexOf("..");
    String from = v.substring(0, dots).trim();
    String rest = v.substring(dots + 2);
    int colon = rest.indexOf(':');
    String to = (colon < 0 ? rest : rest.substring(0, colon)).trim();
    String step = colon < 0 ? null : rest.substring(colon + 1).trim();
    if (to.contains("..") || from.isEmpty() || to.isEmpty() || (step != null && step.isEmpty())) {
      throw new IllegalArgumentException(at + ", which is not start..end or start..end:step");
    }
    boolean powerFrom = POWER.matcher(from).matches();
    boolean powerTo = POWER.matcher(to).matches();
    if (powerFrom != powerTo) {
      throw new IllegalArgumentException(at + ", which mixes a power of two and a number; write both ends as powers of"
          + " two (2^10..2^12) or both as numbers (1024..4096:1024)");
    }
    if (!powerFrom && !(WHOLE.matcher(from).matches() && WHOLE.matcher(to).matches())) {
      String bad = WHOLE.matcher(from).matches() ? to : from;
      throw new IllegalArgumentException(at + ": \"" + bad + "\" is not a positive whole number; ranges run over"
          + " whole numbers (list real numbers and names with |)");
    }
    long stepValue = 1;
    if (step != null) {
      if (!WHOLE.matcher(step).matches()) {
        throw new IllegalArgumentException(at + ": the step \"" + step + "\" is not a positive whole number");
      }
      stepValue = whole(at, step);
    }
    if (stepValue < 1) {
      throw new IllegalArgumentException(at + ": the step must be at least 1");
    }
    long start = powerFrom ? power(at, from.substring(2)) : whole(at, from);
    long end = powerTo ? power(at, to.substring(2)) : whole(at, to);
    long a = powerFrom ? Long.numberOfTrailingZeros(start) : start;
    long b = powerFrom ? Long.numberOfTrailingZeros(end) : end;
    if (a > b) {
      throw new IllegalArgumentException(at + ", which is empty: it starts above its end; write " + to + ".." + from
          + (step == null ? "" : ":" + step));
    }
    if ((b - a) % stepValue != 0) {
      long below = a + (b - a) / stepValue * stepValue;
      long above = below + stepValue;
      throw new IllegalArgumentException(at + ", which does not end on its step: it would stop at "
          + (powerFrom ? "2^" + below : below) + "; end it at " + (powerFrom ? "2^" + below : below) + " or "
          + (powerFrom ? "2^" + above : above));
    }
    long count = (b - a) / stepValue + 1;
    if (count > MAX_RANGE) {
      throw new IllegalArgumentException(at + ", which has " + count + " values; a range gives at most " + MAX_RANGE);
    }
    List<AxisValue> out = new ArrayList<>();
    for (long x = a; x <= b; x += stepValue) {
      out.add(AxisValue.whole(powerFrom ? 1L << x : x));
    }
    return out;
  }

  private static long power(String at, String exponent) {
    int e;
    try {
      e = Integer.parseInt(exponent);
    } catch (NumberFormatException ex) {
      e = Integer.MAX_VALUE;
    }
    if (e > 62) {
      throw new IllegalArgumentException(at + ": 2^" + exponent + " does not fit a 64-bit size (exponents 0 to 62)");
    }
    return 1L << e;
  }

  private static long whole(String at, String v) {
    long scale = 1;
    String digits = v;
    if (v.endsWith("k")) {
      scale = 1024;
      digits = v.substring(0, v.length() - 1);
    } else if (v.endsWith("M")) {
      scale = 1024 * 1024;
      digits = v.substring(0, v.length() - 1);
    }
    long n;
    try {
      n = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(at + ", which does not fit a 64-bit size");
    }
    if (n <= 0) {
      throw new IllegalArgumentException(at + "; sizes must be positive");
    }
    if (n > Long.MAX_VALUE / scale) {
      throw new IllegalArgumentException(at + ", which does not fit a 64-bit size");
    }
    return n * scale;
  }
}
