package io.gpubench.engine.bench;

import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.CacheMode;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Memory;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.protocol.Throwables;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one case's benchmark code, step by step as the engine asks ({@link CaseChannel}), and answers with figures:
 * times, error statistics of outputs against the reference and against the checked call, input fingerprints,
 * telemetry. It decides nothing: tolerances, stopping and verdicts are the engine's. It runs in a worker process, or
 * in the build's JVM with {@code gpubench.fork=none}.
 */
public final class CaseSession implements CaseChannel {
  private final Backends backends;
  private final Frameworks frameworks;

  private CaseSpec spec;
  private CaseRequest request;
  private Object instance;
  private BackendSession session;
  private DefaultBenchContext ctx;
  private Workload workload;
  private TensorOps ops;
  private Tensor reference;
  private Tensor checked;
  private final Map<Tensor, Long> inputPrints = new LinkedHashMap<>();
  // A class's declaration, read once per process: reading it parses every shape, and a class may have a thousand.
  private final Map<String, BenchmarkDeclaration> declarations = new java.util.HashMap<>();
  private TelemetryRecorder telemetry;
  private TrialClock clock;
  private CallLoop loop;
  private Object[] kept = new Object[0];
  private TrialCalls trialCalls;
  private int callsPerTrial;
  private final JitActivity jit = new JitActivity();
  private int rounds;
  private boolean released = true;

  /**
   * Makes a session runner over this process's backends and framework supports; one case at a time.
   *
   * @param backends the backends as this process sees them
   * @param frameworks the framework supports on the class path
   */
  public CaseSession(Backends backends, Frameworks frameworks) {
    this.backends = backends;
    this.frameworks = frameworks;
  }

  /**
   * Compiles the code that reads the JIT's activity between warm-up rounds, so that its own compilation does not
   * read as the workload's; a worker calls it once, before its first case.
   */
  public void primeJitReadings() {
    jit.prime();
  }

  @Override
  public Steps.Prepared prepare(CaseRequest req) throws StepFailed {
    if (!released) {
      throw new IllegalStateException("the previous case was neither finished nor abandoned");
    }
    released = false;
    request = req;
    reference = null;
    checked = null;
    inputPrints.clear();
    BenchmarkDeclaration decl;
    WorkloadDeclaration w;
    Backend backend;
    try {
      decl = declarations.computeIfAbsent(req.benchmarkClass(), name -> {
        try {
          return DeclarationReader.read(Class.forName(name, true, Thread.currentThread().getContextClassLoader()));
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e.toString(), e);
        }
      });
      Class<?> type = decl.type();
      w = decl.workloads().stream().filter(x -> x.name().equals(req.workload())).findFirst()
          .orElseThrow(() -> new IllegalStateException(type.getName() + " has no workload " + req.workload()));
      backend = backends.all().stream().filter(b -> b.id().equals(req.backend())).findFirst()
          .orElseThrow(() -> new IllegalStateException("this process sees no backend " + req.backend() + " (it sees "
              + backends.all().stream().map(Backend::id).toList() + ")"));
    } catch (Throwable e) {
      throw failed(Phase.INSTANTIATE, null, e);
    }
    spec = new CaseSpec(decl, w, new Dimensions(req.shape()), req.precision(), backend, null, req.trials(), req.seed(),
        null, null);
    try {
      var ctor = decl.type().getDeclaredConstructor();
      ctor.setAccessible(true);
      instance = ctor.newInstance();
    } catch (Throwable e) {
      throw failed(Phase.INSTANTIATE, decl.type().getSimpleName() + "()",
          e instanceof InvocationTargetException ite ? ite.getCause() : e);
    }
    try {
      session = backend.open(new SessionSpec(req.caseId(), req.precision(), req.trials().cache(),
          req.telemetryIntervalMillis()));
    } catch (Throwable e) {
      throw failed(Phase.OPEN_BACKEND, null, e);
    }
    ctx = new DefaultBenchContext(spec, session, false);
    ops = new TensorOps(session, frameworks);
    try {
      workload = workload(decl, w);
    } catch (Throwable e) {
      throw failed(Phase.PREPARE_MODEL, workloadMember(), e);
    }
    for (Method setup : decl.setups()) {
      try {
        MethodInvoker.invoke(instance, setup, ctx);
      } catch (Throwable e) {
        throw failed(Phase.SETUP, member(setup), e);
      }
    }
    try {
      workload.prepare(ctx);
    } catch (Throwable e) {
      throw failed(Phase.PREPARE_MODEL, workloadMember(), e);
    }
    if (workload.hasReference()) {
      String member = decl.reference() == null ? workloadMember() : member(decl.reference());
      try {
        Object ref = workload.reference(ctx.forReference());
        if (ref == null) {
          throw new IllegalStateException("it returned null");
        }
        reference = ops.adopt("reference", ref);
        ErrorStats self = ops.compare(reference, reference, req.range());
        if (self.nonFinite() > 0) {
          throw new IllegalStateException("the reference is not finite: " + self.nonFinite() + " of "
              + (self.count() + self.nonFinite()) + " elements are NaN or infinite");
        }
      } catch (Throwable e) {
        throw failed(Phase.REFERENCE, member, e);
      }
    }
    try {
      for (Tensor t : ctx.inputs()) {
        inputPrints.put(t, ops.fingerprint(t));
      }
      loop = workload.loop(ctx);
      clock = session.clock(spec.trials().deviceTiming());
      session.resetPeakMemory();
    } catch (Throwable e) {
      throw failed(Phase.SETUP, null, e);
    }
    return new Steps.Prepared(reference != null, ctx.inputs().stream().map(Tensor::name).toList(),
        clock.deviceClock().isEmpty() ? null : clock.deviceClock());
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    try {
      ctx.outputs().forEach(ops::poison);
      session.synchronize();
      long start = System.nanoTime();
      Object first = workload.call(ctx);
      session.synchronize();
      double nanos = System.nanoTime() - start;
      ErrorStats error = null;
      String mismatch = null;
      if (reference != null) {
        Tensor out = output(first);
        mismatch = shapeMismatch(out, reference);
        if (mismatch == null) {
          error = ops.compare(out, reference, request.range());
        }
        checked = ops.copy("checked " + out.name(), out);
      }
      ops.release(first);
      return new Steps.Checked(nanos, error, mismatch);
    } catch (Throwable e) {
      throw failed(Phase.CHECKED_CALL, workloadMember(), e);
    }
  }

  @Override
  public Steps.Warmed warmup(int calls) throws StepFailed {
    try {
      List<Double> times = new ArrayList<>(calls);
      List<ErrorStats> agreement = new ArrayList<>();
      long begin = System.nanoTime();
      double compiled = jit.compilationMillis();
      double compilerCpu = jit.compilerCpuNanos();
      for (int i = 0; i < calls; i++) {
        if (checked != null) {
          ctx.outputs().forEach(ops::poison);
        }
        long start = System.nanoTime();
        Object out = workload.call(ctx);
        session.synchronize();
        times.add((double) (System.nanoTime() - start));
        if (checked != null) {
          agreement.add(ops.compare(output(out), checked, request.range()));
        }
        ops.release(out);
      }
      return warmed(times, agreement, begin, compiled, compilerCpu);
    } catch (Throwable e) {
      throw failed(Phase.WARMUP, workloadMember(), e);
    }
  }

  @Override
  public Steps.Settled settle(Steps.SettleRequest request) throws StepFailed {
    try {
      jit.refresh();
      return SteadyWarmup.run(request, this::round);
    } catch (Throwable e) {
      throw failed(Phase.WARMUP, workloadMember(), e);
    }
  }

  /** One round of warm-up: batches through the trial loop, each timed, with the JIT's activity around them. */
  private Steps.Round round(int batches, int callsPerBatch, long deadlineNanos) throws Throwable {
    if (++rounds % 16 == 0) {
      jit.refresh();
    }
    double[] times = new double[batches];
    ensureKept(callsPerBatch);
    long begin = System.nanoTime();
    double compiled = jit.compilationMillis();
    double compilerCpu = jit.compilerCpuNanos();
    int made = 0;
    while (made < batches) {
      session.synchronize();
      long start = System.nanoTime();
      loop.run(callsPerBatch, kept);
      session.synchronize();
      long end = System.nanoTime();
      times[made++] = (double) (end - start) / callsPerBatch;
      releaseKept(callsPerBatch);
      if (end - deadlineNanos > 0) {
        break;
      }
    }
    double compiledAfter = jit.compilationMillis();
    double compilerCpuAfter = jit.compilerCpuNanos();
    int runnable = jit.runnableCompilers();
    Arrays.sort(times, 0, made);
    double median = made % 2 == 1 ? times[made / 2] : (times[made / 2 - 1] + times[made / 2]) / 2;
    return new Steps.Round(made, callsPerBatch, median,
        compiled < 0 || compiledAfter < 0 ? -1 : compiledAfter - compiled,
        compilerCpu < 0 || compilerCpuAfter < 0 ? -1 : (compilerCpuAfter - compilerCpu) / 1e6, runnable,
        (System.nanoTime() - begin) / 1e9);
  }

  private Steps.Warmed warmed(List<Double> times, List<ErrorStats> agreement, long begin, double compiledBefore,
      double compilerCpuBefore) {
    double compiled = jit.compilationMillis();
    double compilerCpu = jit.compilerCpuNanos();
    return new Steps.Warmed(times, agreement, compiledBefore < 0 || compiled < 0 ? -1 : compiled - compiledBefore,
        compilerCpuBefore < 0 || compilerCpu < 0 ? -1 : (compilerCpu - compilerCpuBefore) / 1e6,
        (System.nanoTime() - begin) / 1e9);
  }

  @Override
  public void startTrials(int callsPerTrial) throws StepFailed {
    try {
      if (callsPerTrial < 1) {
        throw new IllegalArgumentException("calls per trial " + callsPerTrial + ": at least 1");
      }
      ensureKept(callsPerTrial);
      CallLoop calls = loop;
      Object[] results = kept;
      trialCalls = () -> calls.run(callsPerTrial, results);
      this.callsPerTrial = callsPerTrial;
      telemetry = session.startTelemetry();
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  /** Room for the results of a loop that keeps them; none for one that consumes them. */
  private void ensureKept(int calls) {
    if (loop.keeps() && kept.length < calls) {
      kept = new Object[calls];
    }
  }

  /** Releases what a loop kept, after the clock stopped. */
  private void releaseKept(int calls) {
    if (!loop.keeps()) {
      return;
    }
    for (int i = 0; i < calls; i++) {
      Object r = kept[i];
      if (r != null) {
        kept[i] = null;
        ops.release(r);
      }
    }
  }

  @Override
  public Steps.TrialBatch trials(int count) throws StepFailed {
    try {
      List<TrialClock.TrialTime> times = new ArrayList<>(count);
      List<TrialConditions> conditions = new ArrayList<>(count);
      boolean anyConditions = false;
      for (int i = 0; i < count; i++) {
        if (spec.trials().cache() == CacheMode.COLD) {
          session.flushCache();
        }
        session.synchronize();
        long start = System.nanoTime();
        TrialClock.TrialTime t = clock.time(trialCalls);
        long end = System.nanoTime();
        releaseKept(callsPerTrial);
        times.add(t);
        TrialConditions seen = telemetry.during(start, end).orElse(null);
        anyConditions |= seen != null;
        conditions.add(seen);
      }
      return new Steps.TrialBatch(times, anyConditions ? conditions : List.of());
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, workloadMember(), e);
    }
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    try {
      var seen = telemetry.stop().orElse(null);
      telemetry = null;
      String deviceClock = clock.deviceClock().isEmpty() ? null : clock.deviceClock();
      return new Steps.TrialsEnded(deviceClock, clock.mode(), clock.modeReason(), seen);
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  @Override
  public Steps.Finished finish() throws StepFailed {
    ErrorStats agreement = null;
    List<String> changed = new ArrayList<>();
    Memory memory;
    try {
      if (checked != null) {
        ctx.outputs().forEach(ops::poison);
        Object out = workload.call(ctx);
        agreement = ops.compare(output(out), checked, request.range());
        ops.release(out);
      }
      inputPrints.forEach((t, print) -> {
        if (ops.fingerprint(t) != print) {
          changed.add(t.name());
        }
      });
      memory = session.peakMemoryBytes().map(b -> new Memory(b, null, null)).orElse(null);
    } catch (Throwable e) {
      throw failed(Phase.FINAL_CHECK, workloadMember(), e);
    }
    Map<String, io.gpubench.api.result.Metric> metrics = new LinkedHashMap<>(ctx.metrics());
    Steps.Released released = release();
    return new Steps.Finished(agreement, changed, memory, metrics, released.tearDown(), released.runnerFault());
  }

  @Override
  public Steps.Released abandon() {
    return release();
  }

  /** Runs the tear-down methods, then frees the workload and the backend session; never throws. */
  private Steps.Released release() {
    if (released) {
      return new Steps.Released(null, null);
    }
    released = true;
    Failure tearDown = null;
    try {
      if (telemetry != null) {
        telemetry.stop();
      }
    } catch (Throwable e) {
      // telemetry of a failed case is not reported
    }
    telemetry = null;
    if (loop != null) {
      try {
        releaseKept(kept.length);
      } catch (Throwable e) {
        // the case failed already; what its last trial kept is released as far as it goes
      }
    }
    loop = null;
    clock = null;
    if (instance != null && ctx != null) {
      for (Method m : spec.declaration().tearDowns()) {
        try {
          MethodInvoker.invoke(instance, m, ctx);
        } catch (Throwable e) {
          if (tearDown == null) {
            tearDown = failure(Phase.TEARDOWN, member(m), e);
          }
        }
      }
    }
    try {
      if (workload != null) {
        workload.close();
      }
    } catch (Throwable e) {
      tearDown = tearDown != null ? tearDown : failure(Phase.TEARDOWN, "closing the workload", e);
    }
    try {
      if (session != null) {
        session.close();
      }
    } catch (Throwable e) {
      tearDown = tearDown != null ? tearDown : failure(Phase.TEARDOWN, "closing the backend session", e);
    }
    String fault = spec == null ? null : spec.backend().fault().orElse(null);
    instance = null;
    workload = null;
    session = null;
    ctx = null;
    return new Steps.Released(tearDown, fault);
  }

  private Workload workload(BenchmarkDeclaration decl, WorkloadDeclaration w) {
    if (w.kind() == WorkloadDeclaration.Kind.MODEL) {
      var models = frameworks.models().orElseThrow(() -> new IllegalStateException(
          "@Model needs a framework that runs models on the class path (io.gpubench:gpubench-djl)"));
      return new ModelWorkload(models, instance, w.method(), decl.modelInput());
    }
    return new MeasureWorkload(instance, w.method(), decl.reference());
  }

  private Tensor output(Object returned) {
    if (returned != null) {
      return ops.adopt("output", returned);
    }
    List<Tensor> outputs = ctx.outputs();
    if (outputs.size() == 1) {
      return outputs.get(0);
    }
    throw new IllegalStateException(outputs.isEmpty()
        ? "the workload returned nothing and registered no output, but the class has a @Reference to check against"
        : "the workload returned nothing and registered " + outputs.size()
            + " outputs; return the one to check against the @Reference");
  }

  /**
   * Outputs and references must have the same dimensions, not only the same element count: a transposed output has
   * the count and the wrong values in every place. A flat output (a returned {@code float[]}) carries no dimensions
   * and is compared by count, as the backends' comparison does.
   */
  private static String shapeMismatch(Tensor out, Tensor ref) {
    long[] a = out.dims();
    long[] b = ref.dims();
    if (squeeze(a).equals(squeeze(b)) || (a.length == 1 && out.size() == ref.size())
        || (b.length == 1 && out.size() == ref.size())) {
      return null;
    }
    return "output '" + out.name() + "' has dims " + Arrays.toString(a) + ", the reference " + Arrays.toString(b);
  }

  /** Dimensions without the extents of 1, so that {@code [n]} and {@code [1, n]} agree. */
  private static List<Long> squeeze(long[] dims) {
    return Arrays.stream(dims).filter(d -> d != 1).boxed().toList();
  }

  /** The workload's method as messages name it: {@code @Measure matmul()} or {@code @Model resnet()}. */
  private String workloadMember() {
    String kind = spec.workload().kind() == WorkloadDeclaration.Kind.MODEL ? "@Model " : "@Measure ";
    return kind + member(spec.workload().method());
  }

  private static String member(Method m) {
    return m.getName() + "()";
  }

  private StepFailed failed(Phase phase, String member, Throwable e) {
    return new StepFailed(failure(phase, member, e), e);
  }

  private Failure failure(Phase phase, String member, Throwable e) {
    boolean skip = e instanceof BenchmarkSkippedException;
    boolean vmError = e instanceof VirtualMachineError;
    String description = skip ? safeMessage(e) : Throwables.describe(e);
    return new Failure(phase, member, description, skip ? null : Throwables.stackTrace(e), skip, vmError);
  }

  private static String safeMessage(Throwable e) {
    try {
      return String.valueOf(e.getMessage());
    } catch (RuntimeException x) {
      return Throwables.describe(e);
    }
  }
}
