package io.gpubench.engine.plan;

import io.gpubench.api.Dimensions;
import io.gpubench.api.Worlds;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * A class's world sizes: its {@code @Worlds}, replaced by the run's {@code gpubench.worlds.<Class>} or
 * {@code gpubench.worlds} key. Read beside the declaration, as {@code @Fork} is, since only planning needs it.
 */
final class WorldSizes {

  private WorldSizes() {}

  /**
   * The world sizes of a class.
   *
   * @param decl the class
   * @param p the run's parameters
   * @return the sizes in order, or null for a class without {@code @Worlds} (its cases run on one device each)
   * @throws InvalidDeclarationException naming the class, the annotation or key, and the value
   */
  static List<Integer> of(BenchmarkDeclaration decl, ConfigurationParameters p) {
    Class<?> type = decl.type();
    Worlds declared = type.getAnnotation(Worlds.class);
    String classKey = Constants.WORLDS_PREFIX + type.getSimpleName();
    String key = null;
    String value = null;
    for (String k : List.of(Constants.WORLDS_PREFIX + type.getName(), classKey)) {
      String v = p.get(k).filter(s -> !s.isBlank()).orElse(null);
      if (v != null && key == null) {
        key = k;
        value = v;
      }
    }
    if (declared == null) {
      if (key != null) {
        throw new InvalidDeclarationException(type, "configuration " + key, "\"" + value + "\" sets world sizes, but "
            + "the class declares no @Worlds: its workloads are not written for ranks");
      }
      return null;
    }
    if (key == null) {
      value = p.get(Constants.WORLDS).filter(s -> !s.isBlank()).orElse(null);
      key = value == null ? null : Constants.WORLDS;
    }
    List<Integer> sizes;
    if (key == null) {
      List<Integer> list = new ArrayList<>();
      for (int v : declared.value()) {
        list.add(v);
      }
      sizes = check(type, "@Worlds", list, java.util.Arrays.toString(declared.value()));
    } else {
      List<Integer> list = new ArrayList<>();
      for (String part : value.split(",")) {
        try {
          list.add(Integer.parseInt(part.trim()));
        } catch (NumberFormatException e) {
          throw new InvalidDeclarationException(type, "configuration " + key, "\"" + value + "\" is not a "
              + "comma-separated list of world sizes: '" + part.trim() + "' is not a number");
        }
      }
      sizes = check(type, "configuration " + key, list, "\"" + value + "\"");
    }
    for (var e : decl.cost().declared()) {
      if (!e.variables().contains("w")) {
        continue;
      }
      for (List<Dimensions> shapes : decl.shapesByProfile().values()) {
        for (Dimensions d : shapes) {
          if (d.axes().containsKey("w")) {
            throw new InvalidDeclarationException(type, "@Cost \"" + e + "\"", "uses w, the world size, but shape \""
                + d + "\" has an axis w of its own; rename the axis");
          }
        }
      }
    }
    return sizes;
  }

  private static List<Integer> check(Class<?> type, String member, List<Integer> sizes, String text) {
    if (sizes.isEmpty()) {
      throw new InvalidDeclarationException(type, member, "lists no world size");
    }
    Set<Integer> seen = new LinkedHashSet<>();
    for (int s : sizes) {
      if (s < 1) {
        throw new InvalidDeclarationException(type, member, text + ": world size " + s + " is not positive");
      }
      if (!seen.add(s)) {
        throw new InvalidDeclarationException(type, member, text + ": world size " + s + " is listed twice");
      }
    }
    return List.copyOf(sizes);
  }
}
