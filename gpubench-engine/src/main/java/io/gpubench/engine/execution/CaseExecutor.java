package io.gpubench.engine.execution;

import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.result.Timing;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.FrameworkSupport;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.roofline.Roofline;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

/**
 * Runs the protocol of one case: set-up, reference, checked warm-up, further warm-up calls compared with the
 * checked one, timed trials under telemetry, a last agreement check, tear-down. It never throws: every outcome,
 * skipped and failed ones included, becomes a {@link CaseResult}, so one broken case never stops the others.
 */
public final class CaseExecutor {
  private final int telemetryIntervalMillis;
  private final Frameworks frameworks;

  /**
   * Makes an executor.
   *
   * @param telemetryIntervalMillis the telemetry sampling interval
   * @param frameworks the framework supports on the class path
   */
  public CaseExecutor(int telemetryIntervalMillis, Frameworks frameworks) {
    this.telemetryIntervalMillis = telemetryIntervalMillis;
    this.frameworks = frameworks;
  }

  /**
   * A result for a case that is not run, with the reason.
   *
   * @param spec the case
   * @param reason why it is skipped
   * @return the result
   */
  public static CaseResult skipped(CaseSpec spec, String reason) {
    return result(spec, CaseStatus.SKIPPED, reason, null, null, null, null, null);
  }

  /**
   * What running a case gave: its result, and for an error the throwable behind it (for the test report's stack
   * trace; the result keeps only its description).
   *
   * @param result the result
   * @param cause the throwable behind an {@link CaseStatus#ERROR}, or null
   */
  public record Outcome(CaseResult result, Throwable cause) {}

  /**
   * Runs a case.
   *
   * @param spec the case
   * @return its outcome
   */
  public Outcome run(CaseSpec spec) {
    Object instance;
    try {
      var ctor = spec.declaration().type().getDeclaredConstructor();
      ctor.setAccessible(true);
      instance = ctor.newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : e;
      return error(spec, "cannot instantiate " + spec.declaration().type().getName(), cause);
    }
    BackendSession session;
    try {
      session = spec.backend().open(new SessionSpec(spec.id(), spec.precision(), spec.trials().cache(),
          telemetryIntervalMillis));
    } catch (Throwable e) {
      return error(spec, "cannot open backend " + spec.backend().id(), e);
    }
    DefaultBenchContext ctx = new DefaultBenchContext(spec, session, false);
    Workload workload;
    try {
      workload = workload(spec, instance);
    } catch (RuntimeException e) {
      session.close();
      return error(spec, "cannot run the workload", e);
    }
    try {
      return new Outcome(protocol(spec, instance, session, ctx, workload), null);
    } catch (BenchmarkSkippedException e) {
      return new Outcome(skipped(spec, e.getMessage()), null);
    } catch (Throwable e) {
      return error(spec, "the workload failed", e);
    } finally {
      tearDown(spec, instance, ctx, workload, session);
    }
  }

  private CaseResult protocol(CaseSpec spec, Object instance, BackendSession session, DefaultBenchContext ctx,
      Workload workload) throws Throwable {
    BenchmarkDeclaration decl = spec.declaration();
    for (Method setup : decl.setups()) {
      MethodInvoker.invoke(instance, setup, ctx);
    }
    workload.prepare(ctx);
    TensorOps ops = new TensorOps(session, frameworks);
    OutputCheck check = new OutputCheck(ops, spec.allowance(), decl.referencePrecision());
    Tensor reference = null;
    if (workload.hasReference()) {
      Object ref = workload.reference(ctx.forReference());
      if (ref == null) {
        throw new IllegalStateException("@Reference " + decl.reference().getName() + " returned null");
      }
      reference = ops.adopt("reference", ref);
    }
    check.rememberInputs(ctx.inputs());
    session.resetPeakMemory();

    // The checked call: its host time is the first-call (cold start) figure, reported apart from the trials.
    ctx.outputs().forEach(ops::poison);
    session.synchronize();
    long start = System.nanoTime();
    Object first = workload.call(ctx);
    session.synchronize();
    double firstCallNanos = System.nanoTime() - start;
    if (reference != null) {
      check.checkFirst(output(ops, ctx, first), reference);
    }
    ops.release(first);
    for (int i = 1; i < spec.trials().warmup(); i++) {
      if (reference != null) {
        laterCall(ops, ctx, workload, check);
      } else {
        ops.release(workload.call(ctx));
      }
    }

    TelemetryRecorder telemetry = session.startTelemetry();
    Timing timing;
    Telemetry seen;
    try {
      timing = TrialLoop.run(workload, ctx, session, ops, spec.trials(), firstCallNanos);
    } finally {
      seen = telemetry.stop().orElse(null);
    }
    if (reference != null) {
      laterCall(ops, ctx, workload, check);
    }
    Memory memory = session.peakMemoryBytes().map(b -> new Memory(b, null, null)).orElse(null);

    List<String> changed = check.changedInputs();
    List<String> misses = check.misses(changed);
    Correctness correctness = check.result(changed.isEmpty(), misses.isEmpty());
    Throughput throughput = Roofline.of(
        BenchmarkDeclaration.Cost.evaluate(decl.cost().flops(), spec.dims(), spec.precision()),
        BenchmarkDeclaration.Cost.evaluate(decl.cost().bytes(), spec.dims(), spec.precision()),
        BenchmarkDeclaration.Cost.evaluate(decl.cost().items(), spec.dims(), spec.precision()),
        timing.primary().median(), spec.precision(), spec.backend().peaks());
    if (!misses.isEmpty()) {
      String message = spec.displayName() + " missed its tolerance:\n  " + String.join("\n  ", misses);
      return result(spec, CaseStatus.FAILED, message, timing, correctness, throughput, seen, memory)
          .withMetrics(ctx.metrics());
    }
    return result(spec, CaseStatus.PASSED, null, timing, correctness, throughput, seen, memory)
        .withMetrics(ctx.metrics());
  }

  private static void laterCall(TensorOps ops, DefaultBenchContext ctx, Workload workload, OutputCheck check)
      throws Throwable {
    ctx.outputs().forEach(ops::poison);
    Object out = workload.call(ctx);
    check.checkLater(output(ops, ctx, out));
    ops.release(out);
  }

  private static Tensor output(TensorOps ops, DefaultBenchContext ctx, Object returned) {
    if (returned != null) {
      return ops.adopt("output", returned);
    }
    if (ctx.outputs().size() == 1) {
      return ctx.outputs().get(0);
    }
    throw new IllegalStateException(ctx.outputs().isEmpty()
        ? "the workload returned nothing and registered no output, but the class has a @Reference to check against"
        : "the workload returned nothing and registered " + ctx.outputs().size()
            + " outputs; return the one to check against the @Reference");
  }

  private Workload workload(CaseSpec spec, Object instance) {
    BenchmarkDeclaration decl = spec.declaration();
    if (spec.workload().kind() == WorkloadDeclaration.Kind.MODEL) {
      FrameworkSupport models = frameworks.models().orElseThrow(() -> new IllegalStateException(
          "@Model " + spec.workload().method().getName() + " needs a framework that runs models on the class path"
              + " (io.gpubench:gpubench-djl)"));
      return new ModelWorkload(models, instance, spec.workload().method(), decl.modelInput());
    }
    return new MeasureWorkload(instance, spec.workload().method(), decl.reference());
  }

  private static void tearDown(CaseSpec spec, Object instance, DefaultBenchContext ctx, Workload workload,
      BackendSession session) {
    try {
      for (Method m : spec.declaration().tearDowns()) {
        MethodInvoker.invoke(instance, m, ctx);
      }
    } catch (Throwable e) {
      // A failing tear-down must not hide the case's own result; it is visible in the log.
      System.err.println("gpubench: @TearDown of " + spec.id() + " failed: " + e);
    } finally {
      workload.close();
      session.close();
    }
  }

  private static Outcome error(CaseSpec spec, String what, Throwable cause) {
    if (cause instanceof BenchmarkSkippedException s) {
      return new Outcome(skipped(spec, s.getMessage()), null);
    }
    String message = what + ": " + describe(cause);
    return new Outcome(result(spec, CaseStatus.ERROR, message, null, null, null, null, null), cause);
  }

  /**
   * A throwable as a one-line cause chain: {@code IllegalStateException: x <- OutOfMemoryError: y}.
   *
   * @param t the throwable
   * @return the description
   */
  static String describe(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (sb.length() > 0) {
        sb.append(" <- ");
      }
      sb.append(c.getClass().getSimpleName());
      if (c.getMessage() != null) {
        sb.append(": ").append(c.getMessage());
      }
    }
    return sb.toString();
  }

  private static CaseResult result(CaseSpec spec, CaseStatus status, String message, Timing timing,
      Correctness correctness, Throughput throughput, Telemetry telemetry, Memory memory) {
    return new CaseResult(spec.id(), spec.declaration().type().getName(), spec.workload().name(), spec.displayName(),
        spec.backend().id(), spec.precision(), spec.dims().axes(), status, message, timing, correctness, throughput,
        telemetry, memory, Map.of());
  }
}
