package io.gpubench.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One shape of a case: named integer axes in declaration order, such as {@code m=1024, n=1024, k=64}.
 *
 * @param axes the axes and their values, in declaration order
 */
public record Dimensions(Map<String, Long> axes) {

  /**
   * Makes dimensions, keeping the order of {@code axes}.
   *
   * @param axes the axes and their values
   */
  public Dimensions {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
  }

  /**
   * The value of an axis as an {@code int}.
   *
   * @param axis the axis name
   * @return its value
   * @throws IllegalArgumentException naming the axis and the axes there are, when it is absent or too large
   */
  public int get(String axis) {
    long v = getLong(axis);
    if (v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("axis '" + axis + "' = " + v + " does not fit an int; use getLong");
    }
    return (int) v;
  }

  /**
   * The value of an axis.
   *
   * @param axis the axis name
   * @return its value
   * @throws IllegalArgumentException naming the axis and the axes there are, when it is absent
   */
  public long getLong(String axis) {
    Long v = axes.get(axis);
    if (v == null) {
      throw new IllegalArgumentException("no axis '" + axis + "' in shape " + this + " (axes: " + axes.keySet() + ")");
    }
    return v;
  }

  /**
   * The values joined by {@code x}, as display names show them: {@code 1024x1024x64}. An axis named for a unit of
   * bytes ({@code kib}, {@code mib}, {@code gib}) shows its unit, so that {@code mib=256} reads {@code 256 MiB}.
   *
   * @return the compact form
   */
  public String compact() {
    return axes.entrySet().stream().map(e -> switch (e.getKey()) {
      case "kib" -> e.getValue() + " KiB";
      case "mib" -> e.getValue() + " MiB";
      case "gib" -> e.getValue() + " GiB";
      default -> String.valueOf(e.getValue());
    }).collect(Collectors.joining("x"));
  }

  /**
   * The {@code m=1024,n=1024} form that {@link Shape} uses.
   *
   * @return the specification
   */
  /**
   * The shape as case names show it: each axis with its name, {@code m=256,n=256,k=256}, except size axes named
   * {@code kib}, {@code mib} or {@code gib}, which read as a size: {@code 256 MiB}.
   *
   * @return the label
   */
  public String label() {
    return axes.entrySet().stream().map(e -> switch (e.getKey()) {
      case "kib" -> e.getValue() + " KiB";
      case "mib" -> e.getValue() + " MiB";
      case "gib" -> e.getValue() + " GiB";
      default -> e.getKey() + "=" + e.getValue();
    }).collect(Collectors.joining(","));
  }

  @Override
  public String toString() {
    return axes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
  }
}
