package io.gpubench.engine.declaration;

import io.gpubench.api.AxisValue;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Shape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shapes of a class, read from its {@code @Shape} annotations (or a run's {@code gpubench.shapes.<Class>}) and
 * checked as a whole: every axis holds one kind of value throughout the class (whole numbers written beside real
 * ones read as real, so that {@code alpha=1} and {@code alpha=0.5} make one real axis), and no profile declares a
 * shape twice (two entries that overlap would plan one case twice under one id).
 */
public final class ShapeDeclarations {

  private ShapeDeclarations() {}

  /** One specification as written and the shapes it gave. */
  private record Spec(String profile, String text, List<Dimensions> shapes) {}

  /**
   * Reads the {@code @Shape} annotations of a class.
   *
   * @param type the class
   * @return the shapes of each profile, in declaration order
   * @throws InvalidDeclarationException naming the class, {@code @Shape}, the text and the fix
   */
  static Map<String, List<Dimensions>> read(Class<?> type) {
    List<Spec> specs = new ArrayList<>();
    for (Shape shape : type.getAnnotationsByType(Shape.class)) {
      if (shape.value().length == 0) {
        throw new InvalidDeclarationException(type, "@Shape(profile = \"" + shape.profile() + "\")", "lists no shape");
      }
      for (String text : shape.value()) {
        specs.add(new Spec(shape.profile(), text, parse(type, "@Shape", text)));
      }
    }
    return byProfile(type, "@Shape", specs);
  }

  /**
   * Parses the shapes a run gives a class ({@code gpubench.shapes.<Class>}: specifications separated by {@code ;}).
   *
   * @param type the class
   * @param member the configuration key, as messages name it
   * @param texts the specifications
   * @return the shapes
   * @throws InvalidDeclarationException naming the class, the key, the text and the fix
   */
  public static List<Dimensions> override(Class<?> type, String member, List<String> texts) {
    List<Spec> specs = new ArrayList<>();
    for (String text : texts) {
      specs.add(new Spec(BenchmarkDeclaration.DEFAULT_PROFILE, text, parse(type, member, text)));
    }
    return byProfile(type, member, specs).getOrDefault(BenchmarkDeclaration.DEFAULT_PROFILE, List.of());
  }

  /**
   * The kind of every axis of some shapes, whose kinds agree ({@link #read} and {@link #override} make them so).
   *
   * @param shapes the shapes
   * @return each axis's kind, in order of first appearance
   */
  public static Map<String, AxisValue.Kind> kinds(List<Dimensions> shapes) {
    Map<String, AxisValue.Kind> kinds = new LinkedHashMap<>();
    for (Dimensions d : shapes) {
      d.axes().forEach((axis, v) -> kinds.putIfAbsent(axis, v.kind()));
    }
    return kinds;
  }

  private static List<Dimensions> parse(Class<?> type, String member, String text) {
    try {
      return ShapeParser.parse(text);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new InvalidDeclarationException(type, member, e.getMessage());
    }
  }

  private static Map<String, List<Dimensions>> byProfile(Class<?> type, String member, List<Spec> specs) {
    Map<String, AxisValue.Kind> kinds = new LinkedHashMap<>();
    Map<String, String> kindSource = new LinkedHashMap<>();
    for (Spec s : specs) {
      for (Dimensions d : s.shapes()) {
        d.axes().forEach((axis, v) -> {
          AxisValue.Kind before = kinds.get(axis);
          if (before == null || before == AxisValue.Kind.WHOLE && v.kind() == AxisValue.Kind.REAL) {
            kinds.put(axis, v.kind());
            kindSource.putIfAbsent(axis, s.text());
          } else if (before.numeric() != v.kind().numeric()) {
            throw new InvalidDeclarationException(type, member, "axis \"" + axis + "\" holds " + before.words()
                + " in \"" + kindSource.get(axis) + "\" and " + v.kind().words() + " in \"" + s.text() + "\"; an axis"
                + " holds numbers or names throughout the class: rename one of them");
          }
        });
      }
    }
    Map<String, List<Dimensions>> out = new LinkedHashMap<>();
    Map<String, Map<String, String>> declaredIn = new LinkedHashMap<>();
    for (Spec s : specs) {
      List<Dimensions> list = out.computeIfAbsent(s.profile(), p -> new ArrayList<>());
      Map<String, String> seen = declaredIn.computeIfAbsent(s.profile(), p -> new LinkedHashMap<>());
      for (Dimensions d : s.shapes()) {
        Dimensions unified = withKinds(d, kinds);
        String first = seen.putIfAbsent(unified.toString(), s.text());
        if (first != null) {
          throw new InvalidDeclarationException(type, member, "shape \"" + unified + "\" is declared twice (by \""
              + first + "\"" + (first.equals(s.text()) ? "" : " and \"" + s.text() + "\"")
              + "); declare each shape once");
        }
        list.add(unified);
      }
    }
    return out;
  }

  private static Dimensions withKinds(Dimensions d, Map<String, AxisValue.Kind> kinds) {
    Map<String, AxisValue> axes = new LinkedHashMap<>();
    d.axes().forEach((axis, v) -> axes.put(axis, kinds.get(axis) == AxisValue.Kind.REAL ? AxisValues.asReal(v) : v));
    return new Dimensions(axes);
  }
}
