package io.gpubench.engine.plan;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.engine.config.AxisOverride;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.config.Names;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Checks the run's selecting keys against the classes of the run: a value of {@link Constants#BACKENDS},
 * {@link Constants#PRECISIONS}, {@link Constants#PROFILE} or {@link Constants#INCLUDE}, a class named by a
 * {@link Constants#SHAPES_PREFIX} or {@link Constants#AXES_PREFIX} key, or an axis named by a
 * {@code gpubench.axes.<axis>} key, that matches nothing any class of the run declares is an error listing
 * what the classes declare and the nearest name. Narrowing to nothing is how a typo ({@code backends=cdua},
 * {@code profile=ful}) used to pass: zero cases, or the default profile, and a green build.
 *
 * <p>"The run" is the discovery request: every class Surefire runs in one JVM (its default), a package or class path
 * the console launcher scans, a class the IDE runs. A value meant for classes outside the request (running one class
 * that declares no {@code full} shapes with {@code gpubench.profile=full}) is reported too: the run would not do
 * what the value asks.
 */
public final class RunSelection {

  private RunSelection() {}

  /**
   * The first selecting value that matches nothing, if any.
   *
   * @param config the run's configuration
   * @param classes the declarations of the run's valid classes (invalid ones fail on their own)
   * @param backendsOf the backends each class's declaration resolves to on this machine, before narrowing
   * @param axesOf the axes of each class's shapes in this run, before the run's axis overrides
   * @return the problem, naming key, value, what exists and the nearest
   */
  public static Optional<InvalidDeclarationException> problem(EngineConfig config, List<BenchmarkDeclaration> classes,
      Function<BenchmarkDeclaration, List<BackendId>> backendsOf,
      Function<BenchmarkDeclaration, Set<String>> axesOf) {
    if (classes.isEmpty()) {
      return Optional.empty();
    }
    Set<BackendId> backends = new LinkedHashSet<>();
    Set<String> families = new LinkedHashSet<>();
    Set<Precision> precisions = new LinkedHashSet<>();
    Set<String> profiles = new LinkedHashSet<>(List.of(BenchmarkDeclaration.DEFAULT_PROFILE));
    Set<String> names = new LinkedHashSet<>();
    for (BenchmarkDeclaration d : classes) {
      backends.addAll(backendsOf.apply(d));
      d.backends().forEach(b -> families.add(b.family()));
      precisions.addAll(d.precisions());
      profiles.addAll(d.shapesByProfile().keySet());
      names.add(d.type().getSimpleName());
    }
    for (BackendId b : config.backends()) {
      boolean matches = backends.stream().anyMatch(b::selects) || (b.index() < 0 && families.contains(b.family()));
      if (!matches) {
        Set<String> known = new LinkedHashSet<>(families);
        backends.forEach(id -> known.add(id.toString()));
        return Optional.of(error(Constants.BACKENDS, b.toString(), "selects no backend of this run's classes",
            "they declare " + String.join(", ", families) + "; this machine has "
                + String.join(", ", backends.stream().map(BackendId::toString).toList()), known));
      }
    }
    for (Precision p : config.precisions()) {
      if (!precisions.contains(p)) {
        return Optional.of(error(Constants.PRECISIONS, p.name().toLowerCase(java.util.Locale.ROOT),
            "is declared by no class of this run", "they declare " + precisions,
            precisions.stream().map(Precision::name).toList()));
      }
    }
    if (!profiles.contains(config.profile())) {
      return Optional.of(error(Constants.PROFILE, config.profile(), "is declared by no class of this run",
          "their @Shape profiles are " + String.join(", ", profiles), profiles));
    }
    for (String pattern : config.include()) {
      if (classes.stream().noneMatch(d -> EngineConfig.includes(pattern, d.type()))) {
        List<String> optIn = classes.stream().filter(d -> !d.enabledByDefault()).map(d -> d.type().getSimpleName())
            .toList();
        return Optional.of(error(Constants.INCLUDE, pattern, "matches no class of this run",
            optIn.isEmpty() ? "no class of this run is kept out of the default run"
                : "the classes kept out of the default run are " + String.join(", ", optIn), names));
      }
    }
    for (Map.Entry<String, String> e : config.shapes().entrySet()) {
      String name = e.getKey();
      if (classes.stream().noneMatch(d -> d.type().getName().equals(name) || d.type().getSimpleName().equals(name))) {
        return Optional.of(error(Constants.SHAPES_PREFIX + name, e.getValue(),
            "names no class of this run (" + Constants.SHAPES_PREFIX + "<simple or qualified class name>)",
            "the classes are " + String.join(", ", names), names.stream().map(n -> n).toList(), name));
      }
    }
    return axisProblem(config, classes, names, axesOf);
  }

  /**
   * A {@code gpubench.axes.<Class>.<axis>} key whose class is not in the run, or a {@code gpubench.axes.<axis>} key
   * whose axis no class of the run has: either would run the declared values and pass. A class key whose class lacks
   * the axis fails that class ({@link PlannedShapes}).
   */
  private static Optional<InvalidDeclarationException> axisProblem(EngineConfig config,
      List<BenchmarkDeclaration> classes, Set<String> names, Function<BenchmarkDeclaration, Set<String>> axesOf) {
    for (AxisOverride o : config.axes()) {
      if (o.className() != null) {
        if (classes.stream().noneMatch(d -> o.appliesTo(d.type()))) {
          return Optional.of(error(o.key(), o.text(), "names no class of this run (" + Constants.AXES_PREFIX
              + "<simple or qualified class name>.<axis>, or " + Constants.AXES_PREFIX + "<axis> for every class)",
              "the classes are " + String.join(", ", names), names, o.className()));
        }
        continue;
      }
      Map<String, Set<String>> axes = new LinkedHashMap<>();
      classes.forEach(d -> axes.put(d.type().getSimpleName(), axesOf.apply(d)));
      if (axes.values().stream().noneMatch(a -> a.contains(o.axis()))) {
        Set<String> all = new LinkedHashSet<>();
        axes.values().forEach(all::addAll);
        StringBuilder exists = new StringBuilder();
        axes.forEach((cls, a) -> exists.append(exists.length() == 0 ? "" : "; ").append(cls).append(" has ")
            .append(a.isEmpty() ? "none" : String.join(", ", a)));
        return Optional.of(error(o.key(), o.text(), "sets axis \"" + o.axis() + "\", which no class of this run has",
            "the classes' axes: " + exists, all, o.axis()));
      }
    }
    return Optional.empty();
  }

  private static InvalidDeclarationException error(String key, String value, String what, String exists,
      Collection<String> candidates) {
    return error(key, value, what, exists, candidates, value);
  }

  private static InvalidDeclarationException error(String key, String value, String what, String exists,
      Collection<String> candidates, String misspelled) {
    List<String> c = new ArrayList<>(candidates);
    return new InvalidDeclarationException("configuration " + key, "configuration " + key + " = \"" + value + "\" "
        + what + ": " + exists + Names.didYouMean(misspelled, c), null);
  }
}
