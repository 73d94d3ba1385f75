package io.gpubench.engine.declaration;

import io.gpubench.api.BackendId;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Blackhole;
import io.gpubench.api.Cost;
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
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.engine.correctness.Allowance;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates the annotations of a {@code @GpuBenchmark} class. Every problem becomes an
 * {@link InvalidDeclarationException} naming the class, the member and the value, thrown at discovery so that
 * the class fails as a whole while the other classes run.
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
    ToleranceTable tolerances = tolerances(type);
    TrialPolicy trials = TrialPolicy.of(type.getAnnotation(Trials.class));
    String problem = trials.problem();
    if (problem != null) {
      throw new InvalidDeclarationException(type, "@Trials", problem);
    }
    BenchmarkDeclaration.Cost cost = cost(type, shapes);

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
    requireApplicableTolerances(type, precisions, tolerances, reference, hasModel);
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

  private static ToleranceTable tolerances(Class<?> type) {
    Tolerance[] all = type.getAnnotationsByType(Tolerance.class);
    Map<Precision, Allowance> specific = new EnumMap<>(Precision.class);
    Allowance fallback = null;
    for (Tolerance t : all) {
      Allowance a = allowance(type, t);
      if (t.precision().length == 0) {
        if (fallback != null) {
          throw new InvalidDeclarationException(type, "@Tolerance",
              "two entries without a precision; give each extra one its precision");
        }
        fallback = a;
      }
      for (Precision p : t.precision()) {
        if (specific.put(p, a) != null) {
          throw new InvalidDeclarationException(type, "@Tolerance(precision = " + p + ")", "declared twice");
        }
      }
    }
    return new ToleranceTable(specific, fallback == null ? Allowance.NONE : fallback, all.length > 0);
  }

  /**
   * Every tolerance entry must apply to a precision the class runs, and every precision whose output is compared
   * with a reference must have a bound. A tolerance for an undeclared precision is dead code that reads like a
   * check (the class's FP32 cases then ran under no bound at all); a reference with no tolerance measured the error
   * and checked only finiteness, so a kernel off by 0.1 passed.
   *
   * <p>Why an error rather than a default bound per precision: the error a correct kernel makes depends on the
   * computation (a sum over 8192 terms in FP16 is off by far more than an element-wise op), so a default loose
   * enough for the first passes a wrong version of the second. The message proposes a starting bound to copy.
   */
  private static void requireApplicableTolerances(Class<?> type, List<Precision> precisions, ToleranceTable tolerances,
      Method reference, boolean hasModel) {
    for (Precision p : tolerances.byPrecision().keySet()) {
      if (!precisions.contains(p)) {
        throw new InvalidDeclarationException(type, "@Tolerance(precision = " + p + ")",
            "names " + p + ", which the class does not run (@Precisions: " + precisions + "); add " + p
                + " to @Precisions or remove the entry");
      }
    }
    if (reference == null && !hasModel) {
      return;
    }
    for (Precision p : precisions) {
      // A model without a @Reference is checked against its own FP32 output: its FP32 case has nothing to bound.
      if (reference == null && p == Precision.FP32) {
        continue;
      }
      if (!tolerances.forPrecision(p).bounded()) {
        String against = reference != null ? "@Reference " + signature(reference) : "the model's FP32 output";
        throw new InvalidDeclarationException(type, "@Tolerance",
            "no bound applies to the " + p + " cases, whose output is compared with " + against
                + "; declare one, e.g. @Tolerance(" + (tolerances.declared() ? "precision = " + p + ", " : "")
                + "relL2 = " + startingRelL2(p) + "), or a @Tolerance without a precision for every precision");
      }
    }
  }

  /** A starting relative-L2 bound to propose: about a hundred units in the last place of the precision. */
  private static String startingRelL2(Precision p) {
    return switch (p) {
      case FP64 -> "1e-12";
      case FP32 -> "1e-5";
      case TF32, FP16 -> "1e-3";
      case BF16 -> "1e-2";
      default -> "1e-1";
    };
  }

  private static Allowance allowance(Class<?> type, Tolerance t) {
    String member = "@Tolerance" + (t.precision().length == 0 ? "" : "(precision = " + Arrays.toString(t.precision()) + ")");
    nonNegative(type, member, "maxAbs", t.maxAbs());
    nonNegative(type, member, "rms", t.rms());
    nonNegative(type, member, "psnrDb", t.psnrDb());
    nonNegative(type, member, "relL2", t.relL2());
    if (!(t.range() > 0)) {
      throw new InvalidDeclarationException(type, member, "range = " + t.range() + ": the signal range must be positive");
    }
    return new Allowance(t.maxAbs(), t.rms(), t.psnrDb(), t.range(), t.relL2());
  }

  private static void nonNegative(Class<?> type, String member, String name, double v) {
    if (v < 0 || Double.isInfinite(v)) {
      throw new InvalidDeclarationException(type, member, name + " = " + v + ": a bound must be finite and non-negative");
    }
  }

  private static BenchmarkDeclaration.Cost cost(Class<?> type, Map<String, List<Dimensions>> shapes) {
    Cost cost = type.getAnnotation(Cost.class);
    if (cost == null) {
      return BenchmarkDeclaration.Cost.NONE;
    }
    return new BenchmarkDeclaration.Cost(
        expression(type, "flops", cost.flops(), shapes),
        expression(type, "bytes", cost.bytes(), shapes),
        expression(type, "items", cost.items(), shapes),
        expression(type, "busBytes", cost.busBytes(), shapes));
  }

  private static CostExpression expression(
      Class<?> type, String member, String text, Map<String, List<Dimensions>> shapes) {
    if (text.isBlank()) {
      return null;
    }
    CostExpression e;
    try {
      e = CostExpression.parse(text);
    } catch (IllegalArgumentException ex) {
      throw new InvalidDeclarationException(type, "@Cost(" + member + ")", ex.getMessage());
    }
    for (List<Dimensions> list : shapes.values()) {
      for (Dimensions d : list) {
        requireAxes(type, "@Cost(" + member + ")", e, d);
      }
    }
    return e;
  }

  /**
   * Checks that a cost expression names only axes of a shape (and {@code e}).
   *
   * @param type the class
   * @param member the cost member
   * @param e the expression
   * @param d the shape
   */
  static void requireAxes(Class<?> type, String member, CostExpression e, Dimensions d) {
    e.missingAxis(d).ifPresent(v -> {
      throw new InvalidDeclarationException(type, member,
          "\"" + e + "\" uses \"" + v + "\", which is not an axis of shape \"" + d + "\"");
    });
    e.nameAxis(d).ifPresent(v -> {
      throw new InvalidDeclarationException(type, member, "\"" + e + "\" uses \"" + v + "\", an axis of names ("
          + v + "=" + d.axes().get(v).text() + " in shape \"" + d + "\"); @Cost takes numeric axes only: leave it"
          + " out, or zip the names with a numeric axis the cost can use, (" + v + ",f)=(" + d.axes().get(v).text()
          + ",1)|(...,2)");
    });
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
