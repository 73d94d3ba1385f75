package io.gpubench.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One shape of a case: named axes in declaration order, such as {@code m=1024, n=1024, k=64, layout=row}. Each
 * value is a whole number, a real number or a name ({@link AxisValue}); {@link #axis(String, Class)} reads any of
 * them, {@link #get(String)} a whole number.
 *
 * @param axes the axes and their values, in declaration order
 */
public record Dimensions(Map<String, AxisValue> axes) {

  /**
   * Makes dimensions, keeping the order of {@code axes}.
   *
   * @param axes the axes and their values
   */
  public Dimensions {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
  }

  /**
   * Dimensions from Java values ({@link AxisValue#of(Object)}: {@code Long} a whole number, {@code Double} a real
   * one, {@code String} a name), keeping their order: {@code Dimensions.of(Map.of("n", 1024L))}.
   *
   * @param axes the axes and their values
   * @return the dimensions
   */
  public static Dimensions of(Map<String, ?> axes) {
    return new Dimensions(AxisValue.ofAll(axes));
  }

  /**
   * The value of a whole-number axis as an {@code int}.
   *
   * @param axis the axis name
   * @return its value
   * @throws IllegalArgumentException naming the axis and the axes there are, when it is absent, not a whole number
   *     or too large
   */
  public int get(String axis) {
    return axis(axis, Integer.class);
  }

  /**
   * The value of a whole-number axis.
   *
   * @param axis the axis name
   * @return its value
   * @throws IllegalArgumentException naming the axis and the axes there are, when it is absent or not a whole number
   */
  public long getLong(String axis) {
    return axis(axis, Long.class);
  }

  /**
   * The value of an axis as a Java type: {@code String} (any axis, as ids show it), {@code Long} or {@code Integer}
   * (whole numbers), {@code Double} or {@code Float} (any number), {@code Boolean} (the names {@code true} and
   * {@code false}) or an enum (a name, matched to a constant by its name, case ignored when no constant has it
   * exactly).
   *
   * @param axis the axis name
   * @param type what to read it as
   * @param <T> the type
   * @return the value
   * @throws IllegalArgumentException naming the axis, its value and what it can be read as; for an enum, listing the
   *     constants
   */
  public <T> T axis(String axis, Class<T> type) {
    return AxisReading.as(axis, value(axis), type);
  }

  /**
   * The value of an axis as declared.
   *
   * @param axis the axis name
   * @return its value
   * @throws IllegalArgumentException naming the axis and the axes there are, when it is absent
   */
  public AxisValue value(String axis) {
    AxisValue v = axes.get(axis);
    if (v == null) {
      throw new IllegalArgumentException("no axis '" + axis + "' in shape " + this + " (axes: " + axes.keySet() + ")");
    }
    return v;
  }

  /**
   * The numeric axes with their values, for arithmetic over the shape ({@link Cost}).
   *
   * @return {@code Long} for whole numbers, {@code Double} for real ones; names left out
   */
  public Map<String, Number> numbers() {
    Map<String, Number> out = new LinkedHashMap<>();
    axes.forEach((k, v) -> {
      if (v.kind().numeric()) {
        out.put(k, v.number());
      }
    });
    return out;
  }

  /**
   * The values joined by {@code x}, as folder names show them: {@code 1024x1024x64}, {@code 1024xrow}. An axis named
   * for a unit of bytes ({@code kib}, {@code mib}, {@code gib}) shows its unit, so that {@code mib=256} reads
   * {@code 256 MiB}.
   *
   * @return the compact form
   */
  public String compact() {
    return axes.entrySet().stream().map(e -> sized(e.getKey(), e.getValue(), e.getValue().text()))
        .collect(Collectors.joining("x"));
  }

  /**
   * The shape as case names show it: each axis with its name, {@code m=256,n=256,k=256,layout=row}, except size axes
   * named {@code kib}, {@code mib} or {@code gib}, which read as a size: {@code 256 MiB}.
   *
   * @return the label
   */
  public String label() {
    return axes.entrySet().stream().map(e -> sized(e.getKey(), e.getValue(), e.getKey() + "=" + e.getValue().text()))
        .collect(Collectors.joining(","));
  }

  private static String sized(String axis, AxisValue v, String otherwise) {
    if (v.kind() != AxisValue.Kind.WHOLE) {
      return otherwise;
    }
    return switch (axis) {
      case "kib" -> v.text() + " KiB";
      case "mib" -> v.text() + " MiB";
      case "gib" -> v.text() + " GiB";
      default -> otherwise;
    };
  }

  /**
   * The {@code m=1024,n=1024,layout=row} form that case ids use: every axis with its name, in order.
   *
   * @return the specification
   */
  @Override
  public String toString() {
    return axes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().text()).collect(Collectors.joining(","));
  }
}
