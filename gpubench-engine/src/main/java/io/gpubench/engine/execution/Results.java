package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.roofline.Roofline;
import java.util.Map;

/** Makes a case's result record from its spec and what the run found. */
public final class Results {

  private Results() {}

  /**
   * A result for a case that is not run, with the reason.
   *
   * @param spec the case
   * @param reason why it is skipped
   * @return the result
   */
  public static CaseResult skipped(CaseSpec spec, String reason) {
    return of(spec, CaseStatus.SKIPPED, reason, null, null, null, null, null);
  }

  /**
   * A result for a case that could not complete.
   *
   * @param spec the case
   * @param message what failed, where
   * @return the result
   */
  public static CaseResult error(CaseSpec spec, String message) {
    return of(spec, CaseStatus.ERROR, message, null, null, null, null, null);
  }

  /**
   * The entry of a benchmark class that cannot run: an ERROR with the declaration's problem, no backend, precision
   * or shape.
   *
   * @param id the entry's id ({@code Class#invalid <member>})
   * @param className the class
   * @param name what is at fault, as the test is named ({@code invalid @Shape})
   * @param problem the problem, naming class, member and value
   * @return the result
   */
  public static CaseResult invalid(String id, String className, String name, String problem) {
    return new CaseResult(id, className, name, name, null, null, Map.of(), CaseStatus.ERROR, problem, null, null,
        null, null, null, Map.of(), null, null, null);
  }

  static CaseResult of(CaseSpec spec, CaseStatus status, String message, Timing timing, Correctness correctness,
      Throughput throughput, Telemetry telemetry, Memory memory) {
    return new CaseResult(spec.id(), spec.declaration().type().getName(), spec.workload().name(), spec.displayName(),
        spec.backend().id(), spec.precision(), spec.dims().axes(), status, message, timing, correctness, throughput,
        telemetry, memory, Map.of(), null, spec.world() == null ? null : spec.world().size(), null,
        spec.axisOverrides());
  }

  /**
   * The roofline of a case at a median time: its declared cost, for a world with its size bound to {@code w}, against
   * the peaks of its backend or world.
   */
  static Throughput throughput(CaseSpec spec, double median) {
    BenchmarkDeclaration.Cost cost = spec.declaration().cost();
    int w = spec.world() == null ? 1 : spec.world().size();
    return Roofline.of(
        BenchmarkDeclaration.Cost.evaluate(cost.flops(), spec.dims(), spec.precision(), w),
        BenchmarkDeclaration.Cost.evaluate(cost.bytes(), spec.dims(), spec.precision(), w),
        BenchmarkDeclaration.Cost.evaluate(cost.items(), spec.dims(), spec.precision(), w),
        BenchmarkDeclaration.Cost.evaluate(cost.busBytes(), spec.dims(), spec.precision(), w),
        median, spec.precision(), spec.world() == null ? spec.backend().peaks() : spec.world().peaks());
  }
}
