package io.gpubench.engine.declaration;

import io.gpubench.api.AxisValue;
import io.gpubench.api.Dimensions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses shape specifications: axes separated by commas, each {@code axis=values} ({@link AxisValues}: numbers,
 * names, ranges, alternatives with {@code |}) or a zipped group {@code (m,n,k)=(1024,1024,64)|(4096,4096,128)} whose
 * axes take their values together. The specification is the cartesian product of its axes and groups, the last
 * varying fastest; a group is one factor of the product, its tuples in order.
 */
public final class ShapeParser {

  /** The most shapes one specification may give: past it a typo would plan more cases than a run can hold. */
  public static final int MAX_SHAPES = 100_000;

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

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
    String where = "shape \"" + spec + "\"";
    List<Factor> factors = new ArrayList<>();
    Set<String> axes = new LinkedHashSet<>();
    for (String part : topLevel(where, spec, ',')) {
      String p = part.trim();
      Factor f = p.startsWith("(") ? zipped(where, p) : axis(where, p);
      for (String a : f.axes()) {
        if (!axes.add(a)) {
          throw new IllegalArgumentException(where + ": axis \"" + a + "\" appears twice");
        }
      }
      factors.add(f);
    }
    long count = 1;
    for (Factor f : factors) {
      count *= f.rows().size();
      if (count > MAX_SHAPES) {
        throw new IllegalArgumentException(where + " expands to more than " + MAX_SHAPES + " shapes; narrow its"
            + " ranges or split it");
      }
    }
    List<Dimensions> out = new ArrayList<>();
    expand(factors, 0, new LinkedHashMap<>(), out);
    return out;
  }

  /**
   * Parses the values a run gives one axis ({@code gpubench.axes.<axis>}): the alternatives of {@link AxisValues}.
   *
   * @param key the configuration key, for messages
   * @param text the values
   * @return the values
   * @throws IllegalArgumentException naming the value at fault
   */
  public static List<AxisValue> values(String key, String text) {
    String axis = key.substring(key.lastIndexOf('.') + 1);
    return AxisValues.alternatives("", axis, text);
  }

  /** One factor of the product: the axes it sets and the rows of values it takes, each row one value per axis. */
  private record Factor(List<String> axes, List<List<AxisValue>> rows) {}

  private static Factor axis(String where, String p) {
    int eq = p.indexOf('=');
    if (eq <= 0 || eq == p.length() - 1) {
      throw new IllegalArgumentException(where + ": \"" + p + "\" is not axis=value");
    }
    String axis = identifier(where, p.substring(0, eq).trim());
    List<List<AxisValue>> rows = new ArrayList<>();
    for (AxisValue v : AxisValues.alternatives(where + ": ", axis, p.substring(eq + 1))) {
      rows.add(List.of(v));
    }
    return new Factor(List.of(axis), rows);
  }

  private static Factor zipped(String where, String p) {
    int close = p.indexOf(')');
    int eq = close < 0 ? -1 : p.indexOf('=', close);
    if (close < 0 || eq < 0 || !p.substring(close + 1, eq).isBlank() || eq == p.length() - 1) {
      throw new IllegalArgumentException(where + ": \"" + p + "\" is not (axis,axis,...)=(value,value,...)|...");
    }
    List<String> names = new ArrayList<>();
    for (String n : p.substring(1, close).split(",", -1)) {
      String name = identifier(where, n.trim());
      if (names.contains(name)) {
        throw new IllegalArgumentException(where + ": axis \"" + name + "\" appears twice");
      }
      names.add(name);
    }
    String group = "(" + String.join(",", names) + ")";
    if (names.size() < 2) {
      throw new IllegalArgumentException(where + ": " + group + " zips one axis; write " + names.get(0)
          + "=1|2 for the values of one axis");
    }
    String tuplesText = p.substring(eq + 1).trim();
    List<List<AxisValue>> rows = new ArrayList<>();
    Set<List<String>> seen = new LinkedHashSet<>();
    for (String t : topLevel(where, tuplesText, '|')) {
      String tuple = t.trim();
      if (!tuple.startsWith("(") || !tuple.endsWith(")") || tuple.indexOf(')') != tuple.length() - 1) {
        throw new IllegalArgumentException(where + ": " + group + " takes tuples of " + names.size()
            + " values in parentheses, separated by |; \"" + tuple + "\" is not one");
      }
      String[] parts = tuple.substring(1, tuple.length() - 1).split(",", -1);
      if (parts.length != names.size()) {
        throw new IllegalArgumentException(where + ": tuple " + tuple + " has " + parts.length + " value"
            + (parts.length == 1 ? "" : "s") + " for the " + names.size() + " axes " + group);
      }
      List<AxisValue> row = new ArrayList<>();
      for (int i = 0; i < parts.length; i++) {
        String v = parts[i].trim();
        if (v.contains("..")) {
          throw new IllegalArgumentException(where + ": tuple " + tuple + " holds the range \"" + v + "\"; a tuple"
              + " lists one value per axis (a range multiplies: give it an axis of its own)");
        }
        if (v.isEmpty()) {
          throw new IllegalArgumentException(where + ": tuple " + tuple + " has an empty value for axis \""
              + names.get(i) + "\"");
        }
        row.add(AxisValues.single(where + ": ", names.get(i), v));
      }
      if (!seen.add(row.stream().map(AxisValue::text).toList())) {
        throw new IllegalArgumentException(where + ": " + group + " lists the tuple " + tuple + " twice; list each"
            + " tuple once");
      }
      rows.add(row);
    }
    // Each column is one axis: one kind, whole numbers beside real ones read as real.
    for (int i = 0; i < names.size(); i++) {
      int col = i;
      List<AxisValue> column =
          AxisValues.unified(where + ": ", names.get(i), rows.stream().map(r -> r.get(col)).toList());
      for (int r = 0; r < rows.size(); r++) {
        List<AxisValue> row = new ArrayList<>(rows.get(r));
        row.set(col, column.get(r));
        rows.set(r, List.copyOf(row));
      }
    }
    return new Factor(List.copyOf(names), rows);
  }

  private static String identifier(String where, String axis) {
    if (!IDENTIFIER.matcher(axis).matches()) {
      throw new IllegalArgumentException(where + ": axis name \"" + axis + "\" is not an identifier");
    }
    return axis;
  }

  /** Splits at a separator outside parentheses, checking that they balance. */
  private static List<String> topLevel(String where, String text, char separator) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
        if (depth > 1) {
          throw new IllegalArgumentException(where + ": parentheses nest at position " + i + "; zipped axes take"
              + " one level: (m,n)=(1,2)|(3,4)");
        }
      } else if (c == ')') {
        if (--depth < 0) {
          throw new IllegalArgumentException(where + ": \")\" at position " + i + " closes nothing");
        }
      } else if (c == separator && depth == 0) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    if (depth != 0) {
      throw new IllegalArgumentException(where + ": a \"(\" is not closed");
    }
    parts.add(text.substring(start));
    return parts;
  }

  private static void expand(List<Factor> factors, int i, LinkedHashMap<String, AxisValue> current,
      List<Dimensions> out) {
    if (i == factors.size()) {
      out.add(new Dimensions(current));
      return;
    }
    Factor f = factors.get(i);
    for (List<AxisValue> row : f.rows()) {
      for (int a = 0; a < f.axes().size(); a++) {
        current.put(f.axes().get(a), row.get(a));
      }
      expand(factors, i + 1, current, out);
    }
    f.axes().forEach(current::remove);
  }
}
