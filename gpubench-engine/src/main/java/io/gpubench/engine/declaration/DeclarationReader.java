package io.gpubench.engine.declaration;

import io.gpubench.api.BackendId;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Blackhole;
import io.gpubench.api.Dimensions;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Model;
import io.gpubench.api.ModelInput;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.TearDown;
import io.gpubench.api.Trials;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates the annotations of a {@code @GpuBenchmark} class. Every problem becomes an
 * {@link InvalidDeclarationException} naming the class, the member and the value, thrown at discovery so that
 * the class fails as a whole while the other classes run. Its shapes are read by {@code ShapeDeclarations}, its
 * tolerances by {@code ToleranceDeclarations}, its cost by {@code CostDeclarations}.
 */
public final class DeclarationReader {

  private DeclarationReader() {}

  private static List<BackendId> backends(Class<?> type, String[] names) {
    List<BackendId> ids = new ArrayList<>();
    for (String name : names) {
      try {
        ids.add(BackendId.parse(name));
      } catch (IllegalArgumentException e) {
        throw new InvalidDeclarationException(type, "@GpuBenchmark(backends)", e.getMessage());
      }
    }
    return ids;
  }

  /**
   * Whether a class is a benchmark class the engine should pick up.
   *
   * @param type a candidate
   * @return true for a concrete, non-inner class annotated {@code @GpuBenchmark}
   */
  public static boolean isBenchmarkClass(Class<?> type) {
    return type.isAnnotationPresent(GpuBenchmark.class)
        && !Modifier.isAbstract(type.getModifiers())
        && !type.isInterface()
        && (type.getEnclosingClass() == null || Modifier.isStatic(type.getModifiers()));
  }

  /**
   * Reads a class.
   *
   * @param type a class annotated {@code @GpuBenchmark}
   * @return the validated declaration
   * @throws InvalidDeclarationException naming class, member and value
   */
  public static BenchmarkDeclaration read(Class<?> type) {
    GpuBenchmark gb = type.getAnnotation(GpuBenchmark.class);
    if (gb.backends().length == 0) {
      throw new InvalidDeclarationException(type, "@GpuBenchmark(backends)", "lists no backend");
    }
    requireNoArgConstructor(type);
    Map<String, List<Dimensions>> shapes = ShapeDeclarations.read(type);
    List<Precision> precisions = precisions(type);
    ToleranceTable tolerances = ToleranceDeclarations.read(type);
    TrialPolicy trials = TrialPolicy.of(type.getAnnotation(Trials.class));
    String problem = trials.problem();
    if (problem != null) {
      throw new InvalidDeclarationException(type, "@Trials", problem);
    }
    BenchmarkDeclaration.Cost cost = CostDeclarations.read(type, shapes);

    List<Method> methods = methodsOf(type);
    List<Method> setups = new ArrayList<>();
    List<Method> tearDowns = new ArrayList<>();
    List<WorkloadDeclaration> workloads = new ArrayList<>();
    Method reference = null;
    Method modelInput = null;
    for (Method m : methods) {
      if (m.isAnnotationPresent(Setup.class)) {
        setups.add(lifecycle(type, m, "@Setup"));
      }
      if (m.isAnnotationPresent(TearDown.class)) {
        tearDowns.add(lifecycle(type, m, "@TearDown"));
      }
      if (m.isAnnotationPresent(Measure.class)) {
        requireMeasureParameters(type, m);
        String name = m.getAnnotation(Measure.class).value();
        workloads.add(new WorkloadDeclaration(name.isEmpty() ? m.getName() : name, m, WorkloadDeclaration.Kind.MEASURE));
      }
      if (m.isAnnotationPresent(Model.class)) {
        requireContextParameterOnly(type, m, "@Model");
        requireReturn(type, m, "@Model", "a DJL Block");
        String name = m.getAnnotation(Model.class).value();
        workloads.add(new WorkloadDeclaration(name.isEmpty() ? m.getName() : name, m, WorkloadDeclaration.Kind.MODEL));
      }
      if (m.isAnnotationPresent(Reference.class)) {
        if (reference != null) {
          throw new InvalidDeclarationException(type, "@Reference " + signature(m),
              "a second @Reference method; " + signature(reference) + " is already one");
        }
        requireContextParameterOnly(type, m, "@Reference");
        requireReturn(type, m, "@Reference", "the expected output (a Tensor, float[] or double[])");
        reference = m;
      }
      if (m.isAnnotationPresent(ModelInput.class)) {
        requireContextParameterOnly(type, m, "@ModelInput");
        if (m.getReturnType() != long[].class && m.getReturnType() != int[].class) {
          throw new InvalidDeclarationException(type, "@ModelInput " + signature(m),
              "returns " + m.getReturnType().getSimpleName() + "; it must return the input shape as long[] or int[]");
        }
        modelInput = m;
      }
    }
    java.util.Set<String> names = new java.util.HashSet<>();
    for (WorkloadDeclaration w : workloads) {
      if (!names.add(w.name())) {
        throw new InvalidDeclarationException(type, "@Measure/@Model " + signature(w.method()),
            "names its workload \"" + w.name() + "\", which another method of the class already uses");
      }
    }
    if (workloads.isEmpty()) {
      throw new InvalidDeclarationException(type, "@GpuBenchmark", "has no @Measure or @Model method: nothing to run");
    }
    boolean hasMeasure = workloads.stream().anyMatch(w -> w.kind() == WorkloadDeclaration.Kind.MEASURE);
    boolean hasModel = workloads.stream().anyMatch(w -> w.kind() == WorkloadDeclaration.Kind.MODEL);
    if (hasMeasure && tolerances.declared() && reference == null) {
      throw new InvalidDeclarationException(type, "@Tolerance",
          "is declared but the class has no @Reference method to check its @Measure output against");
    }
    ToleranceDeclarations.requireApplicable(type, precisions, tolerances, reference, hasModel);
    if (hasModel && modelInput == null) {
      throw new InvalidDeclarationException(type, "@Model",
          "needs a @ModelInput method that returns the input shape for a case");
    }
    Precision referencePrecision = reference == null ? Precision.FP32 : reference.getAnnotation(Reference.class).precision();
    String name = gb.name().isEmpty() ? type.getSimpleName() : gb.name();
    return new BenchmarkDeclaration(type, name, backends(type, gb.backends()), gb.enabledByDefault(), shapes, precisions,
        tolerances, trials, cost, setups, tearDowns, reference, referencePrecision, modelInput, workloads);
  }

  private static void requireNoArgConstructor(Class<?> type) {
    try {
      type.getDeclaredConstructor();
    } catch (NoSuchMethodException e) {
      throw new InvalidDeclarationException(type, "constructor", "a benchmark class needs a no-argument constructor");
    }
  }

  private static List<Precision> precisions(Class<?> type) {
    Precisions p = type.getAnnotation(Precisions.class);
    if (p == null) {
      return List.of(Precision.FP32);
    }
    if (p.value().length == 0) {
      throw new InvalidDeclarationException(type, "@Precisions", "lists no precision");
    }
    List<Precision> list = List.of(p.value());
    if (Set.copyOf(list).size() != list.size()) {
      throw new InvalidDeclarationException(type, "@Precisions", "lists a precision twice: " + list);
    }
    return list;
  }

  /**
   * The methods of a class and its superclasses, superclasses first, without those a subclass overrides: a
   * subclass that overrides an annotated method replaces it (as JUnit treats an overridden {@code @Test}), whether or
   * not the override keeps the annotation.
   */
  static List<Method> methodsOf(Class<?> type) {
    List<Method> methods = new ArrayList<>();
    List<Method> below = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      List<Method> declared = new ArrayList<>(List.of(c.getDeclaredMethods()));
      // Declaration order is what users expect for workload order; the JVM does not promise it, so sort by name
      // for a stable order across JVMs.
      declared.removeIf(Method::isSynthetic);
      declared.removeIf(m -> below.stream().anyMatch(sub -> overrides(sub, m)));
      declared.sort(Comparator.comparing(Method::getName));
      below.addAll(declared);
      methods.addAll(0, declared);
    }
    return methods;
  }

  /** Whether a subclass's method overrides a superclass's (same name and parameters; neither private nor static). */
  private static boolean overrides(Method sub, Method sup) {
    int modifiers = sup.getModifiers() | sub.getModifiers();
    if (Modifier.isPrivate(modifiers) || Modifier.isStatic(modifiers)) {
      return false;
    }
    if (!sub.getName().equals(sup.getName()) || !Arrays.equals(sub.getParameterTypes(), sup.getParameterTypes())) {
      return false;
    }
    // A package-private method is overridden only from the same package.
    boolean packagePrivate = !Modifier.isPublic(sup.getModifiers()) && !Modifier.isProtected(sup.getModifiers());
    return !packagePrivate || sub.getDeclaringClass().getPackageName().equals(sup.getDeclaringClass().getPackageName());
  }

  private static Method lifecycle(Class<?> type, Method m, String annotation) {
    requireContextParameterOnly(type, m, annotation);
    if (m.getReturnType() != void.class) {
      throw new InvalidDeclarationException(type, annotation + " " + signature(m),
          "returns " + m.getReturnType().getSimpleName() + "; it must return void");
    }
    return m;
  }

  private static void requireContextParameterOnly(Class<?> type, Method m, String annotation) {
    Class<?>[] params = m.getParameterTypes();
    if (params.length > 1 || (params.length == 1 && params[0] != BenchContext.class)) {
      throw new InvalidDeclarationException(type, annotation + " " + signature(m),
          "takes " + Arrays.toString(params) + "; it may take no parameter or one BenchContext");
    }
    if (Modifier.isStatic(m.getModifiers())) {
      throw new InvalidDeclarationException(type, annotation + " " + signature(m), "is static; it must be an instance method");
    }
  }

  /** A {@code @Measure} may take a {@link BenchContext} and a {@link Blackhole}, each at most once, in any order. */
  private static void requireMeasureParameters(Class<?> type, Method m) {
    Class<?>[] params = m.getParameterTypes();
    long contexts = Arrays.stream(params).filter(p -> p == BenchContext.class).count();
    long sinks = Arrays.stream(params).filter(p -> p == Blackhole.class).count();
    if (params.length > 2 || contexts > 1 || sinks > 1 || contexts + sinks != params.length) {
      throw new InvalidDeclarationException(type, "@Measure " + signature(m),
          "takes " + Arrays.toString(params) + "; it may take no parameter, a BenchContext, a Blackhole, or both");
    }
    if (Modifier.isStatic(m.getModifiers())) {
      throw new InvalidDeclarationException(type, "@Measure " + signature(m), "is static; it must be an instance method");
    }
  }

  private static void requireReturn(Class<?> type, Method m, String annotation, String what) {
    if (m.getReturnType() == void.class) {
      throw new InvalidDeclarationException(type, annotation + " " + signature(m), "returns void; it must return " + what);
    }
  }

  /**
   * A method as error messages name it: {@code gemm(BenchContext)}.
   *
   * @param m the method
   * @return the signature
   */
  public static String signature(Method m) {
    StringBuilder sb = new StringBuilder(m.getName()).append('(');
    Class<?>[] ps = m.getParameterTypes();
    for (int i = 0; i < ps.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(ps[i].getSimpleName());
    }
    return sb.append(')').toString();
  }

}
