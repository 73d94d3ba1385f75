package io.gpubench.api;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One value of an axis of a case's shape, of one of three kinds: a whole number ({@code n=1024}), a real number
 * ({@code alpha=0.5}) or a name ({@code layout=row}, read as a string or an enum constant). {@link Shape} says how
 * each is written; {@link BenchContext#axis(String, Class)} reads any of them.
 *
 * <p>{@link #text()} is the value as case ids and display names show it, the same for the same value whatever way
 * it was written ({@code 4k} and {@code 2^12} are both {@code 4096}, {@code 0.50} is {@code 0.5}), so that a case
 * keeps its id when its declaration is reworded.
 */
public sealed interface AxisValue permits AxisValue.Whole, AxisValue.Real, AxisValue.Name {

  /** What an axis holds: every value of one axis of a class is of one kind. */
  enum Kind {
    /** Whole numbers, sizes: positive. */
    WHOLE("whole numbers"),
    /** Real numbers, finite. */
    REAL("real numbers"),
    /** Names: a letter, then letters, digits, {@code _}, {@code -} or single dots. */
    NAME("names");

    private final String words;

    Kind(String words) {
      this.words = words;
    }

    /**
     * The kind as messages name it.
     *
     * @return {@code whole numbers}, {@code real numbers} or {@code names}
     */
    public String words() {
      return words;
    }

    /**
     * Whether values of this kind are numbers, which {@link Cost} expressions may use.
     *
     * @return true for whole and real numbers
     */
    public boolean numeric() {
      return this != NAME;
    }
  }

  /**
   * The value's kind.
   *
   * @return whole, real or name
   */
  Kind kind();

  /**
   * The value as ids and display names show it.
   *
   * @return {@code 1024}, {@code 0.5} or {@code row}
   */
  String text();

  /**
   * The value as a number, for {@link Cost} expressions.
   *
   * @return a {@code Long} for a whole number, a {@code Double} for a real one
   * @throws IllegalStateException for a name
   */
  Number number();

  /**
   * A whole number.
   *
   * @param value the value
   * @return the axis value
   */
  static AxisValue whole(long value) {
    return new Whole(value);
  }

  /**
   * A real number.
   *
   * @param value a finite value
   * @return the axis value
   */
  static AxisValue real(double value) {
    return new Real(value);
  }

  /**
   * A name.
   *
   * @param value a name ({@link Name#PATTERN})
   * @return the axis value
   */
  static AxisValue name(String value) {
    return new Name(value);
  }

  /**
   * An axis value from a Java value: a {@code Long}, {@code Integer} or {@code Short} is a whole number, a
   * {@code Double} or {@code Float} a real one, a {@code String} a name, an {@code AxisValue} itself.
   *
   * @param value the value
   * @return the axis value
   * @throws IllegalArgumentException for any other type, or a string that is not a name
   */
  static AxisValue of(Object value) {
    if (value instanceof AxisValue a) {
      return a;
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      return new Whole(((Number) value).longValue());
    }
    if (value instanceof Double || value instanceof Float) {
      return new Real(((Number) value).doubleValue());
    }
    if (value instanceof String s) {
      return new Name(s);
    }
    throw new IllegalArgumentException("an axis value is a whole number, a real number or a name; got "
        + (value == null ? "null" : value.getClass().getSimpleName() + " " + value));
  }

  /**
   * Axis values from Java values ({@link #of(Object)}), keeping the order.
   *
   * @param values the values by axis
   * @return the axis values, unmodifiable, in the same order
   */
  static Map<String, AxisValue> ofAll(Map<String, ?> values) {
    Map<String, AxisValue> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, of(v)));
    return Collections.unmodifiableMap(out);
  }

  /**
   * A whole number: a size such as {@code m=1024}.
   *
   * @param value the value
   */
  record Whole(long value) implements AxisValue {
    @Override
    public Kind kind() {
      return Kind.WHOLE;
    }

    @Override
    public String text() {
      return Long.toString(value);
    }

    @Override
    public Number number() {
      return value;
    }

    @Override
    public String toString() {
      return text();
    }
  }

  /**
   * A real number such as {@code alpha=0.5}; its text keeps a decimal point ({@code 1.0}), so that it reads as real.
   *
   * @param value a finite value ({@code -0.0} is kept as {@code 0.0})
   */
  record Real(double value) implements AxisValue {
    /**
     * Makes the value.
     *
     * @param value a finite value
     * @throws IllegalArgumentException for NaN or an infinity
     */
    public Real {
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException("a real axis value must be finite; got " + value);
      }
      value = value == 0 ? 0.0 : value;
    }

    @Override
    public Kind kind() {
      return Kind.REAL;
    }

    @Override
    public String text() {
      double abs = Math.abs(value);
      if (abs != 0 && (abs < 1e-6 || abs >= 1e15)) {
        return Double.toString(value);
      }
      BigDecimal d = new BigDecimal(Double.toString(value)).stripTrailingZeros();
      return d.scale() <= 0 ? d.toBigInteger() + ".0" : d.toPlainString();
    }

    @Override
    public Number number() {
      return value;
    }

    @Override
    public String toString() {
      return text();
    }
  }

  /**
   * A name such as {@code layout=row}: read as a string, or as the enum constant of that name.
   *
   * @param value the name
   */
  record Name(String value) implements AxisValue {
    /**
     * What a name is: a letter, then letters, digits, {@code _} or {@code -}, in parts joined by single dots. No
     * character that means something in a shape ({@code , | = ( ) ;}), a case id ({@code [ ]}) or a case pattern
     * ({@code * ?}).
     */
    public static final Pattern PATTERN = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*");

    /**
     * Makes the value.
     *
     * @param value the name
     * @throws IllegalArgumentException when it is not a name
     */
    public Name {
      if (value == null || !PATTERN.matcher(value).matches()) {
        throw new IllegalArgumentException("\"" + value + "\" is not a name (a letter, then letters, digits, _ or -,"
            + " in parts joined by single dots)");
      }
    }

    @Override
    public Kind kind() {
      return Kind.NAME;
    }

    @Override
    public String text() {
      return value;
    }

    @Override
    public Number number() {
      throw new IllegalStateException("\"" + value + "\" is a name, not a number");
    }

    @Override
    public String toString() {
      return value;
    }
  }
}
