package io.gpubench.engine.declaration;

import io.gpubench.api.BackendId;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

/**
 * Everything a {@code @GpuBenchmark} class declares, validated. Made by {@link DeclarationReader}; the engine
 * expands it into cases.
 *
 * @param type the class
 * @param name its name in reports
 * @param backends the backend families or ids it targets
 * @param enabledByDefault whether it belongs to the default run
 * @param shapesByProfile the shapes of each profile
 * @param precisions the precisions
 * @param tolerances the allowances
 * @param trials the trial policy
 * @param cost the declared cost, or {@link Cost#NONE}
 * @param setups {@code @Setup} methods
 * @param tearDowns {@code @TearDown} methods
 * @param reference the {@code @Reference} method, or null
 * @param referencePrecision the precision the reference computes in
 * @param modelInput the {@code @ModelInput} method, or null
 * @param workloads the workloads, in declaration order
 */
public record BenchmarkDeclaration(
    Class<?> type,
    String name,
    List<BackendId> backends,
    boolean enabledByDefault,
    Map<String, List<Dimensions>> shapesByProfile,
    List<Precision> precisions,
    ToleranceTable tolerances,
    TrialPolicy trials,
    Cost cost,
    List<Method> setups,
    List<Method> tearDowns,
    Method reference,
    Precision referencePrecision,
    Method modelInput,
    List<WorkloadDeclaration> workloads) {

  /** The profile whose shapes apply when the active profile declares none. */
  public static final String DEFAULT_PROFILE = "default";

  /**
   * The shapes of a profile, falling back to the default profile's.
   *
   * @param profile the active profile
   * @return the shapes; one empty shape for a class that declares none
   */
  public List<Dimensions> shapes(String profile) {
    List<Dimensions> shapes = shapesByProfile.get(profile);
    if (shapes == null) {
      shapes = shapesByProfile.get(DEFAULT_PROFILE);
    }
    return shapes == null ? List.of(new Dimensions(Map.of())) : shapes;
  }

  /**
   * The parsed {@code @Cost} expressions.
   *
   * @param flops FLOPs per call, or null
   * @param bytes bytes per call, or null
   * @param items items per call, or null
   * @param busBytes a collective's bytes as nccl-tests counts bus bandwidth, or null
   */
  public record Cost(CostExpression flops, CostExpression bytes, CostExpression items, CostExpression busBytes) {
    /** No cost declared. */
    public static final Cost NONE = new Cost(null, null, null, null);

    /**
     * The expressions of a class without bus bytes.
     *
     * @param flops FLOPs per call, or null
     * @param bytes bytes per call, or null
     * @param items items per call, or null
     */
    public Cost(CostExpression flops, CostExpression bytes, CostExpression items) {
      this(flops, bytes, items, null);
    }

    /**
     * The expressions declared.
     *
     * @return flops, bytes, items and bus bytes, those present
     */
    public java.util.List<CostExpression> declared() {
      return java.util.stream.Stream.of(flops, bytes, items, busBytes).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * Evaluates one expression for a case of one device ({@code w} is 1).
     *
     * @param expression the expression, or null
     * @param dims the case's shape
     * @param precision the case's precision, bound to {@code e}
     * @return the value, or null when the expression is absent
     */
    public static Double evaluate(CostExpression expression, Dimensions dims, Precision precision) {
      return evaluate(expression, dims, precision, 1);
    }

    /**
     * Evaluates one expression for a case.
     *
     * @param expression the expression, or null
     * @param dims the case's shape
     * @param precision the case's precision, bound to {@code e}
     * @param worldSize the case's world size, bound to {@code w}
     * @return the value, or null when the expression is absent
     */
    public static Double evaluate(CostExpression expression, Dimensions dims, Precision precision, int worldSize) {
      if (expression == null) {
        return null;
      }
      Map<String, Number> values = new java.util.HashMap<>(dims.numbers());
      values.putIfAbsent("e", precision.bytes());
      values.putIfAbsent("w", worldSize);
      return expression.evaluate(values);
    }
  }
}
