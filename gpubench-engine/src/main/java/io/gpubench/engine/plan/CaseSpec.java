package io.gpubench.engine.plan;

import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.engine.correctness.Allowance;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import java.util.Map;

/**
 * One case, planned: a workload at one shape, precision and backend, with the allowance and trial policy in force.
 *
 * @param declaration the class's declaration
 * @param workload the workload
 * @param dims the shape
 * @param precision the precision
 * @param backend the backend
 * @param allowance the tolerance for this precision
 * @param trials the trial policy with the run's overrides
 * @param seed the seed of the inputs, the same for every case of a shape
 * @param skipReason why the case cannot run here, or null
 * @param fork how the case is isolated (null where it already runs inside a worker)
 * @param world the ranks of a case that runs in a world ({@code @Worlds}), {@code backend} being rank 0's device;
 *     null for a case of one device
 * @param axisOverrides the axes of {@code dims} whose values the run set ({@code gpubench.axes.*}), to the key that
 *     set each; empty when none
 */
public record CaseSpec(
    BenchmarkDeclaration declaration,
    WorkloadDeclaration workload,
    Dimensions dims,
    Precision precision,
    Backend backend,
    Allowance allowance,
    TrialPolicy trials,
    long seed,
    String skipReason,
    ForkPolicy fork,
    WorldPlan world,
    Map<String, String> axisOverrides) {

  /**
   * Makes the spec, copying the overrides.
   *
   * @param declaration the class's declaration
   * @param workload the workload
   * @param dims the shape
   * @param precision the precision
   * @param backend the backend
   * @param allowance the tolerance for this precision
   * @param trials the trial policy with the run's overrides
   * @param seed the seed of the inputs
   * @param skipReason why the case cannot run here, or null
   * @param fork how the case is isolated
   * @param world the ranks, or null
   * @param axisOverrides the overridden axes, or null for none
   */
  public CaseSpec {
    axisOverrides = axisOverrides == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(axisOverrides));
  }

  /**
   * A case whose axes the run did not override.
   *
   * @param declaration the class's declaration
   * @param workload the workload
   * @param dims the shape
   * @param precision the precision
   * @param backend the backend
   * @param allowance the tolerance for this precision
   * @param trials the trial policy with the run's overrides
   * @param seed the seed of the inputs
   * @param skipReason why the case cannot run here, or null
   * @param fork how the case is isolated
   * @param world the ranks, or null
   */
  public CaseSpec(BenchmarkDeclaration declaration, WorkloadDeclaration workload, Dimensions dims, Precision precision,
      Backend backend, Allowance allowance, TrialPolicy trials, long seed, String skipReason, ForkPolicy fork,
      WorldPlan world) {
    this(declaration, workload, dims, precision, backend, allowance, trials, seed, skipReason, fork, world, Map.of());
  }

  /**
   * A case of one device.
   *
   * @param declaration the class's declaration
   * @param workload the workload
   * @param dims the shape
   * @param precision the precision
   * @param backend the backend
   * @param allowance the tolerance for this precision
   * @param trials the trial policy with the run's overrides
   * @param seed the seed of the inputs
   * @param skipReason why the case cannot run here, or null
   * @param fork how the case is isolated
   */
  public CaseSpec(BenchmarkDeclaration declaration, WorkloadDeclaration workload, Dimensions dims, Precision precision,
      Backend backend, Allowance allowance, TrialPolicy trials, long seed, String skipReason, ForkPolicy fork) {
    this(declaration, workload, dims, precision, backend, allowance, trials, seed, skipReason, fork, null, Map.of());
  }

  /**
   * The stable key of the case across runs: {@code Class#workload[shape][precision][backend]}, for a world
   * {@code Class#workload[shape][precision][family][world N]}.
   *
   * @return the id
   */
  public String id() {
    String where = world == null ? backend.id().toString() : backend.id().family() + "][world " + world.size();
    return declaration.type().getName() + "#" + workload.name() + "[" + dims + "][" + precision + "][" + where + "]";
  }

  /**
   * The test's display name, with the axis names: {@code matmul [m=256,n=256,k=256, FP16, cpu]}; for a world
   * {@code allreduce [256 MiB, FP32, world 2]}, with the backend's family before the world where the class declares
   * more than one family.
   *
   * @return the display name
   */
  public String displayName() {
    String shape = dims.axes().isEmpty() ? "" : dims.label() + ", ";
    if (world != null) {
      boolean families = declaration.backends().stream().map(b -> b.family()).distinct().count() > 1;
      return workload.name() + " [" + shape + precision + ", " + (families ? backend.id().family() + " " : "")
          + "world " + world.size() + "]";
    }
    return workload.name() + " [" + shape + precision + ", " + backend.id() + "]";
  }

  /**
   * Whether the case is its own reference: the FP32 case of a {@code @Model} without a {@code @Reference}, whose
   * reference is the model's FP32 output, the very computation the case times. Its error against that reference
   * is zero by construction, so a bound checked against it would claim a check that was not made: such a case is
   * checked for finiteness and the agreement of later calls only, and its results say so ({@link #reference()}).
   *
   * @return true for a case compared with itself
   */
  public boolean selfReferenced() {
    return workload.kind() == WorkloadDeclaration.Kind.MODEL && declaration.reference() == null
        && precision == Precision.FP32;
  }

  /**
   * What the case's output is compared with, as results record it ({@code Correctness.reference}).
   *
   * @return a description naming the reference method and precision, or the model's output
   */
  public String reference() {
    if (selfReferenced()) {
      return "none: the model's FP32 output is the reference of its other precisions, and this case computes it;"
          + " only finiteness and the agreement of later calls are checked";
    }
    if (declaration.reference() != null) {
      return "@Reference " + io.gpubench.engine.declaration.DeclarationReader.signature(declaration.reference())
          + " in " + declaration.referencePrecision();
    }
    return workload.kind() == WorkloadDeclaration.Kind.MODEL ? "the model's FP32 output" : "none";
  }

  /**
   * The segment value of the case's unique id.
   *
   * @return {@code shape|precision|backend}, for a world {@code shape|precision|family|world N}
   */
  public String segment() {
    return dims + "|" + precision + "|"
        + (world == null ? backend.id().toString() : backend.id().family() + "|world " + world.size());
  }
}
