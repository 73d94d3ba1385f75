package io.gpubench.engine.declaration;

import io.gpubench.api.Dimensions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses shape specifications: {@code "m=1024,n=1024"}; {@code "m=256|512,k=64"} is a cartesian product;
 * values take the suffixes {@code k} (&times;1024) and {@code M} (&times;1024&sup2;).
 */
public final class ShapeParser {

  private ShapeParser() {}

  /**
   * Parses one specification into its shapes.
   *
   * @param spec the specification
   * @return the shapes, the product expanded with the last axis varying fastest
   * @throws IllegalArgumentException quoting the specification and the part at fault
   */
  public static List<Dimensions> parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("empty shape \"" + spec + "\"");
    }
    Map<String, List<Long>> axes = new LinkedHashMap<>();
    for (String part : spec.split(",")) {
      String p = part.trim();
      int eq = p.indexOf('=');
      if (eq <= 0 || eq == p.length() - 1) {
        throw new IllegalArgumentException("shape \"" + spec + "\": \"" + p + "\" is not axis=value");
      }
      String axis = p.substring(0, eq).trim();
      if (!axis.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new IllegalArgumentException("shape \"" + spec + "\": axis name \"" + axis + "\" is not an identifier");
      }
      if (axes.containsKey(axis)) {
        throw new IllegalArgumentException("shape \"" + spec + "\": axis \"" + axis + "\" appears twice");
      }
      List<Long> values = new ArrayList<>();
      for (String v : p.substring(eq + 1).split("\\|")) {
        values.add(value(spec, axis, v.trim()));
      }
      axes.put(axis, values);
    }
    List<Dimensions> out = new ArrayList<>();
    expand(new ArrayList<>(axes.entrySet()), 0, new LinkedHashMap<>(), out);
    return out;
  }

  private static void expand(
      List<Map.Entry<String, List<Long>>> axes, int i, LinkedHashMap<String, Long> current, List<Dimensions> out) {
    if (i == axes.size()) {
      out.add(new Dimensions(current));
      return;
    }
    for (Long v : axes.get(i).getValue()) {
      current.put(axes.get(i).getKey(), v);
      expand(axes, i + 1, current, out);
    }
    current.remove(axes.get(i).getKey());
  }

  private static long value(String spec, String axis, String v) {
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
      throw new IllegalArgumentException("shape \"" + spec + "\": axis \"" + axis + "\" has value \"" + v
          + "\", which is not a whole number");
    }
    if (n <= 0) {
      throw new IllegalArgumentException("shape \"" + spec + "\": axis \"" + axis + "\" has value \"" + v
          + "\"; sizes must be positive");
    }
    if (n > Long.MAX_VALUE / scale) {
      throw new IllegalArgumentException("shape \"" + spec + "\": axis \"" + axis + "\" has value \"" + v
          + "\", which does not fit a 64-bit size");
    }
    return n * scale;
  }
}
