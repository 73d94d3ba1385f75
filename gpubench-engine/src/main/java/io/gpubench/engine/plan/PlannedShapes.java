package io.gpubench.engine.plan;

import io.gpubench.api.AxisValue;
import io.gpubench.api.Dimensions;
import io.gpubench.engine.config.AxisOverride;
import io.gpubench.engine.config.Names;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.declaration.ShapeDeclarations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shapes a class runs at: its profile's (or the run's {@code gpubench.shapes.<Class>}), with the values of single
 * axes replaced where the run says so ({@code gpubench.axes.*}), and the axes so replaced. An axis override replaces
 * the axis's values in every shape that has it, the rest of each shape kept: {@code layout=col} turns
 * {@code h=8,w=16,layout=row|col} into {@code h=8,w=16,layout=col}, and two shapes that become one are planned once.
 *
 * @param shapes the shapes, in order
 * @param overridden the axes whose values the run set, to the key that set each
 */
public record PlannedShapes(List<Dimensions> shapes, Map<String, String> overridden) {

  /**
   * Makes the plan, copying.
   *
   * @param shapes the shapes
   * @param overridden axis to key
   */
  public PlannedShapes {
    shapes = List.copyOf(shapes);
    overridden = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(overridden));
  }

  /**
   * Applies a run's axis overrides to a class's shapes.
   *
   * @param type the class
   * @param shapes the shapes in force before the overrides
   * @param overrides the overrides that apply to the class, by axis
   * @return the shapes with the overrides applied
   * @throws InvalidDeclarationException naming the class, the key and its value, when a key for this class names an
   *     axis it lacks (listing its axes) or gives values of another kind than the axis holds
   */
  static PlannedShapes of(Class<?> type, List<Dimensions> shapes, Map<String, AxisOverride> overrides) {
    Map<String, AxisValue.Kind> kinds = ShapeDeclarations.kinds(shapes);
    List<Dimensions> result = shapes;
    Map<String, String> overridden = new LinkedHashMap<>();
    for (AxisOverride o : overrides.values()) {
      AxisValue.Kind kind = kinds.get(o.axis());
      if (kind == null) {
        if (o.className() != null) {
          throw new InvalidDeclarationException(type, "configuration " + o.key(), "\"" + o.text() + "\" sets axis \""
              + o.axis() + "\", which " + type.getSimpleName() + " does not have; its axes are "
              + (kinds.isEmpty() ? "none" : String.join(", ", kinds.keySet()))
              + Names.didYouMean(o.axis(), new ArrayList<>(kinds.keySet())));
        }
        continue; // a key for every class: RunSelection checks that some class of the run has the axis
      }
      List<AxisValue> values = fitted(type, o, kind, declared(shapes, o.axis()));
      result = replaced(result, o.axis(), values);
      overridden.put(o.axis(), o.key());
    }
    return new PlannedShapes(result, overridden);
  }

  /**
   * The axes of the case's shape that the run overrode.
   *
   * @param dims the case's shape
   * @return axis to key, those of the shape only, in the shape's order
   */
  Map<String, String> overriddenIn(Dimensions dims) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String axis : dims.axes().keySet()) {
      if (overridden.containsKey(axis)) {
        out.put(axis, overridden.get(axis));
      }
    }
    return out;
  }

  /** The values as the axis holds them: whole numbers for a real axis read as real; another kind is an error. */
  private static List<AxisValue> fitted(Class<?> type, AxisOverride o, AxisValue.Kind kind, List<String> declared) {
    AxisValue.Kind given = o.values().get(0).kind();
    if (given == kind || kind == AxisValue.Kind.REAL && given == AxisValue.Kind.WHOLE) {
      return o.values().stream().map(v -> kind == AxisValue.Kind.REAL && v instanceof AxisValue.Whole w
          ? AxisValue.real(w.value()) : v).toList();
    }
    throw new InvalidDeclarationException(type, "configuration " + o.key(), "\"" + o.text() + "\" gives axis \""
        + o.axis() + "\" " + given.words() + ", but in " + type.getSimpleName() + " it holds " + kind.words()
        + " (" + String.join(", ", declared) + "); give it " + kind.words());
  }

  private static List<String> declared(List<Dimensions> shapes, String axis) {
    return shapes.stream().filter(d -> d.axes().containsKey(axis)).map(d -> d.axes().get(axis).text()).distinct()
        .toList();
  }

  private static List<Dimensions> replaced(List<Dimensions> shapes, String axis, List<AxisValue> values) {
    Map<String, Dimensions> out = new LinkedHashMap<>();
    for (Dimensions d : shapes) {
      if (!d.axes().containsKey(axis)) {
        out.putIfAbsent(d.toString(), d);
        continue;
      }
      for (AxisValue v : values) {
        Map<String, AxisValue> axes = new LinkedHashMap<>(d.axes());
        axes.put(axis, v);
        Dimensions replaced = new Dimensions(axes);
        out.putIfAbsent(replaced.toString(), replaced);
      }
    }
    return new ArrayList<>(out.values());
  }
}
