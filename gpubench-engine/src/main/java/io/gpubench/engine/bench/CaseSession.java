package io.gpubench.engine.bench;

import io.gpubench.api.BackendId;
import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.CacheMode;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Memory;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.correctness.Layouts;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.memory.HostMemoryMeter;
import io.gpubench.engine.memory.ResidentPeak;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.protocol.Throwables;
import io.gpubench.engine.statistics.CallsPerTrial;
import io.gpubench.engine.support.Frameworks;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
  // read by the worker's reader thread too, which aborts a world's session when another rank failed
  private volatile BackendSession session;
  private DefaultBenchContext ctx;
  private Workload workload;
  private TensorOps ops;
  private Tensor reference;
  private Tensor checked;
  private final Map<Tensor, Long> inputPrints = new LinkedHashMap<>();
  // A class's declaration, read once per process: reading it parses every shape, and a class may have a thousand.
  private final Map<String, BenchmarkDeclaration> declarations = new java.util.HashMap<>();
  private TelemetryRecorder telemetry;
  private CpuContention contention;
  private TrialClock clock;
  private CallLoop loop;
  private Object[] kept = new Object[0];
  private TrialCalls trialCalls;
  // the batch figure's trials beside each trial, or null for none
  private BatchTrials batch;
  private CaseInstruments instruments;
  private ResidentPeak resident;
  private HostMemoryMeter hostMemory;
  private io.gpubench.api.spi.DeviceMemoryMeter.Watch deviceMemory;
  private int callsPerTrial;
  // what the untimed calls so far measured, for the warm-up's first round and the engine's calls per trial
  private double spentSeconds;
  private double perCallNanos;
  private int settledCalls;
  private final JitActivity jit = new JitActivity();
  private int rounds;
  private boolean released = true;
  private Runnable barrier = () -> {};
  // what a rank of a world waits for now, for the engine's thread dump of a rank that ran out of time
  private volatile String waitingFor;

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
   * Sets the barrier the ranks of a world meet at around each trial: the engine's, over the worker's connection
   * (it returns once every rank of the world has arrived). Without one, as in the build's JVM, a world is one rank
   * and needs none.
   *
   * @param barrier waits for the world's other ranks; throws when the world was aborted
   */
  public void barrier(Runnable barrier) {
    this.barrier = barrier;
  }

  /**
   * Aborts the world of the case running now (its backend session's communicator), from another thread than the
   * one running the step, after another rank failed; the step then fails. Never throws.
   */
  public void abortWorld() {
    BackendSession s = session;
    if (s != null) {
      try {
        s.abort();
      } catch (Throwable e) {
        // the process is stopped next in any case
      }
    }
  }

  @Override
  public String newWorldId(BackendId backendId) throws StepFailed {
    try {
      Backend backend = backends.all().stream().filter(b -> b.id().equals(backendId)).findFirst()
          .orElseThrow(() -> new IllegalStateException("this process sees no backend " + backendId + " (it sees "
              + backends.all().stream().map(Backend::id).toList() + ")"));
      return backend.newWorldId();
    } catch (Throwable e) {
      throw failed(Phase.OPEN_BACKEND, null, e);
    }
  }

  /**
   * What the rank running the step waits for now, when it waits for the other ranks of its world (the engine's
   * barrier, their work on the device, their joining), so that of two ranks that ran out of time the one that kept
   * the other waiting is named; null while it runs code of its own.
   *
   * @return what it waits for, or null
   */
  public String waitingFor() {
    return waitingFor;
  }

  /** Runs a wait of a rank of a world, marked as waiting for its peers. */
  private <T> T waiting(String what, java.util.concurrent.Callable<T> wait) throws Exception {
    if (!inWorld()) {
      return wait.call();
    }
    waitingFor = what;
    try {
      return wait.call();
    } finally {
      waitingFor = null;
    }
  }

  private void synchronize() throws Exception {
    waiting("their work on the device (a synchronise)", () -> {
      session.synchronize();
      return null;
    });
  }

  /** Whether the case runs as a rank of a world. */
  private boolean inWorld() {
    return request != null && request.world() != null;
  }

  /**
   * Compiles the code that reads the JIT's activity between warm-up rounds, so that its own compilation does not
   * read as the workload's; a worker calls it once, before its first case.
   */
  public void primeJitReadings() {
    jit.prime();
    CpuContention.ofThisJvm().prime();
  }

  @Override
  public Steps.Prepared prepare(CaseRequest req) throws StepFailed {
    if (!released) {
      throw new IllegalStateException("the previous case was neither finished nor abandoned");
    }
    released = false;
    long prepareStart = System.nanoTime();
    request = req;
    resident = ResidentPeak.reset();
    hostMemory = null;
    reference = null;
    checked = null;
    inputPrints.clear();
    spentSeconds = 0;
    perCallNanos = Double.NaN;
    settledCalls = 0;
    batch = null;
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
      SessionSpec sessionSpec = new SessionSpec(req.caseId(), req.precision(), req.trials().cache(),
          req.telemetryIntervalMillis(), req.world());
      session = waiting("them to join the world (opening the backend)", () -> backend.open(sessionSpec));
    } catch (Throwable e) {
      throw failed(Phase.OPEN_BACKEND, null, e);
    }
    // The process's device memory from here on, before the set-up: its first reading is what the case started with.
    try {
      deviceMemory = session.unwrap(io.gpubench.api.spi.DeviceMemoryMeter.class)
          .map(m -> m.start(req.telemetryIntervalMillis())).orElse(null);
    } catch (Throwable e) {
      deviceMemory = null; // a meter that cannot start costs the case its device memory figures only
    }
    ctx = new DefaultBenchContext(spec, session, false, req.world());
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
    // In a world only rank 0's output is checked: the other ranks compute no reference.
    if (workload.hasReference() && (req.world() == null || req.world().rank() == 0)) {
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
      // A world's trials are timed between the engine's barriers, with the session's plain clock (events on the
      // device): a blocked or captured trial cannot wait for peers that are not held or captured alike.
      clock = inWorld() ? session.clock() : session.clock(spec.trials().deviceTiming());
      session.resetPeakMemory();
    } catch (Throwable e) {
      throw failed(Phase.SETUP, null, e);
    }
    return new Steps.Prepared(reference != null, ctx.inputs().stream().map(Tensor::name).toList(),
        clock.deviceClock().isEmpty() ? null : clock.deviceClock(), (System.nanoTime() - prepareStart) / 1e9);
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    try {
      ctx.outputs().forEach(ops::poison);
      synchronize();
      long start = System.nanoTime();
      Object first = workload.call(ctx);
      synchronize();
      double nanos = System.nanoTime() - start;
      ErrorStats error = null;
      String mismatch = null;
      if (reference != null) {
        Tensor out = output(first);
        mismatch = Layouts.mismatch(out, reference).orElse(null);
        if (mismatch == null) {
          error = ops.compare(out, reference, request.range());
        }
        checked = ops.copy("checked " + out.name(), out);
      }
      ops.release(first);
      spentSeconds = nanos / 1e9;
      perCallNanos = nanos;
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
        synchronize();
        times.add((double) (System.nanoTime() - start));
        if (checked != null) {
          agreement.add(ops.compare(output(out), checked, request.range()));
        }
        ops.release(out);
      }
      Steps.Warmed w = warmed(times, agreement, begin, compiled, compilerCpu);
      spentSeconds += w.seconds();
      if (!times.isEmpty()) {
        double[] sorted = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        perCallNanos = io.gpubench.engine.statistics.SampleStatistics.percentile(sorted, 0.5);
      }
      return w;
    } catch (Throwable e) {
      throw failed(Phase.WARMUP, workloadMember(), e);
    }
  }

  /** Whether the host clock times the trials: then the engine's rule picks the calls per trial it is left. */
  private boolean hostClock() {
    return clock.deviceClock().isEmpty();
  }

  /** The calls per trial of the engine's rule, from the untimed calls so far: about 100 µs on the host clock. */
  private int ruleCalls() {
    return hostClock() && !inWorld() ? CallsPerTrial.auto(perCallNanos) : 1;
  }

  @Override
  public Steps.Settled settle(Steps.SettlePlan plan) throws StepFailed {
    try {
      jit.refresh();
      Class<?> loopClass = loop.getClass();
      boolean auto = plan.callsPerTrial() == 0 && hostClock() && !inWorld();
      int start = plan.callsPerTrial() > 0 ? plan.callsPerTrial() : ruleCalls();
      double perCall = Double.isNaN(perCallNanos) ? 0 : perCallNanos;
      Steps.Settled s = SteadyWarmup.run(new Steps.SettleRequest(plan.capSeconds(), spentSeconds, perCall, start,
          auto), this::round, JitThresholds.ofThisVm(), () -> JitThresholds.counts(loopClass));
      settledCalls = s.callsPerTrial();
      if (!s.steady() && plan.capBy() != null) {
        s = new Steps.Settled(s.rounds(), false, s.detail() + " (the cap: " + plan.capBy() + ")", s.seconds(),
            s.calls(), s.callsPerTrial(), false);
      }
      return s;
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
    JitThresholds.count(loop.getClass(), made, (long) made * callsPerBatch);
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
  public Steps.Started startTrials(Steps.TrialsPlan plan) throws StepFailed {
    try {
      int asked = plan.callsPerTrial();
      if (asked < 0) {
        throw new IllegalArgumentException("calls per trial " + asked + ": at least 1, or 0 for the warm-up's");
      }
      int callsPerTrial = asked > 0 ? asked : settledCalls > 0 ? settledCalls : ruleCalls();
      ensureKept(callsPerTrial);
      CallLoop calls = loop;
      trialCalls = () -> calls.run(callsPerTrial, kept);
      this.callsPerTrial = callsPerTrial;
      batch = null;
      if (!hostClock() && !inWorld() && plan.batchCalls() != 0) {
        batch = BatchTrials.start(session, clock, callsPerTrial, plan.batchCalls(), keptLoop());
      }
      telemetry = session.startTelemetry();
      hostMemory = HostMemoryMeter.start();
      // Host-timed trials (the CPU's) have no telemetry to tell a slowed trial by: the probe does.
      contention = clock.deviceClock().isEmpty() && !inWorld() ? CpuContention.ofThisJvm() : null;
      if (contention != null) {
        contention.prime();
      }
      return new Steps.Started(callsPerTrial, batch == null ? 0 : batch.count());
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  /** The trial loop for the batch figure's trials: room for what they keep, released after the clock. */
  private BatchTrials.Loop keptLoop() {
    CallLoop calls = loop;
    return new BatchTrials.Loop() {
      @Override
      public TrialCalls calls(int n) {
        ensureKept(n);
        return () -> calls.run(n, kept);
      }

      @Override
      public void release(int n) {
        releaseKept(n);
      }
    };
  }

  /** This thread's CPU time, or -1 where the JVM cannot read it. */
  private static long threadCpuNanos() {
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
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
      long begin = System.nanoTime();
      List<TrialClock.TrialTime> times = new ArrayList<>(count);
      List<TrialConditions> conditions = new ArrayList<>(count);
      List<Double> batches = new ArrayList<>(batch != null ? count : 0);
      boolean anyConditions = false;
      for (int i = 0; i < count; i++) {
        if (spec.trials().cache() == CacheMode.COLD) {
          session.flushCache();
        }
        synchronize();
        long cpuStart = contention != null ? threadCpuNanos() : -1;
        // Right around the clock: the contention probe's own reads allocate (816 B each on JDK 17).
        hostMemory.beforeTrial();
        long start = System.nanoTime();
        TrialClock.TrialTime t = inWorld() ? worldTrial() : clock.time(trialCalls);
        releaseKept(callsPerTrial);
        if (batch != null) {
          batches.add(batch.time(session, spec.trials().cache() == CacheMode.COLD));
        }
        long end = System.nanoTime();
        hostMemory.afterTrial(callsPerTrial);
        long cpuEnd = contention != null ? threadCpuNanos() : -1;
        times.add(t);
        TrialConditions seen = telemetry.during(start, end).orElse(null);
        if (seen == null && contention != null) {
          seen = contention.afterTrial(end - start, cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart);
        }
        anyConditions |= seen != null;
        conditions.add(seen);
      }
      JitThresholds.count(loop.getClass(), count, (long) count * callsPerTrial);
      return new Steps.TrialBatch(times, anyConditions ? conditions : List.of(), batches,
          (System.nanoTime() - begin) / 1e9);
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, workloadMember(), e);
    }
  }

  /**
   * One trial of a world, as the kernel harness of the seeds times it: (synchronised already) barrier, start, the
   * calls, synchronise, barrier, stop. The device time is the clock's around the calls alone; the host time runs from
   * the first barrier to the second, so that it is the world's time, the slowest rank's.
   */
  private TrialClock.TrialTime worldTrial() throws Throwable {
    waiting("the engine's barrier", () -> {
      barrier.run();
      return null;
    });
    long start = System.nanoTime();
    clock.start();
    trialCalls.run();
    TrialClock.TrialTime t = waiting("their work on the device (the end of a trial)", clock::stop);
    waiting("the engine's barrier", () -> {
      barrier.run();
      return null;
    });
    return new TrialClock.TrialTime(System.nanoTime() - start, t.deviceNanos());
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    try {
      var seen = telemetry.stop().orElse(null);
      telemetry = null;
      String deviceClock = clock.deviceClock().isEmpty() ? null : clock.deviceClock();
      String reason = inWorld() && deviceClock != null ? "a world's trial: every rank synchronises, meets the engine's"
          + " barrier, starts, makes its calls, synchronises and meets the barrier again; device time from rank 0's"
          + " clock around its calls, host time from the first barrier to the second" : clock.modeReason();
      return new Steps.TrialsEnded(deviceClock, clock.mode(), reason, seen);
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  @Override
  public void instrument(Steps.Instruments in) {
    instruments = CaseInstruments.start(in, session.unwrap(ProfilerHooks.class), spec.backend().id().toString());
  }

  @Override
  public Steps.Collected collect(Steps.AuditRequest request) throws StepFailed {
    CaseInstruments recorded = instruments;
    instruments = null;
    if (recorded != null) {
      recorded.stop();
    }
    Optional<KernelAuditor> auditor = session.unwrap(KernelAuditor.class);
    KernelAudit audit = null;
    if (auditor.isPresent()) {
      audit = request.audit() ? audit(auditor.get(), recorded) : KernelAudit.skipped(request.offReason());
    }
    return recorded == null ? new Steps.Collected(audit, List.of(), List.of(), List.of())
        : new Steps.Collected(audit, recorded.files(), recorded.notes(), recorded.recorded());
  }

  /**
   * One more call of the workload under the device's kernel auditor, after the trials: what kernels it ran and who
   * launched them. The auditor never throws for an audit the platform refuses (that is a skipped audit); a call that
   * throws fails the case, as it would have in the trials.
   */
  private KernelAudit audit(KernelAuditor auditor, CaseInstruments recorded) throws StepFailed {
    try (ProfilerHooks.Range range = recorded == null ? () -> { } : recorded.phase("kernel audit")) {
      KernelAuditor.Audit running = auditor.start();
      Object out;
      KernelAudit result;
      try {
        out = workload.call(ctx);
      } finally {
        result = running.stop(1);
      }
      ops.release(out);
      return result;
    } catch (Throwable e) {
      throw failed(Phase.AUDIT, workloadMember(), e);
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
        if (inWorld()) {
          synchronize();
        }
        agreement = ops.compare(output(out), checked, request.range());
        ops.release(out);
      } else if (inWorld()) {
        // Every rank of a world makes the calls rank 0 makes, so that their collectives pair up.
        Object out = workload.call(ctx);
        synchronize();
        ops.release(out);
      }
      inputPrints.forEach((t, print) -> {
        if (ops.fingerprint(t) != print) {
          changed.add(t.name());
        }
      });
      memory = session.peakMemoryBytes().map(b -> new Memory(b, null, null)).orElse(new Memory(null, null, null));
      if (hostMemory != null) {
        memory = memory.withHost(hostMemory.result(resident));
      }
      if (deviceMemory != null) {
        memory = memory.withDevice(deviceMemory.stop());
        deviceMemory = null;
      }
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
    if (deviceMemory != null) {
      try {
        deviceMemory.stop();
      } catch (Throwable e) {
        // a failed case's device memory is in its message where it ran out of it
      }
      deviceMemory = null;
    }
    if (instruments != null) {
      instruments.abandon();
      instruments = null;
    }
    if (loop != null) {
      try {
        releaseKept(kept.length);
      } catch (Throwable e) {
        // the case failed already; what its last trial kept is released as far as it goes
      }
    }
    loop = null;
    clock = null;
    batch = null;
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
    if (e instanceof OutOfMemoryError) {
      description += io.gpubench.engine.memory.HeapWatch.heapFigures();
    }
    String deviceOom = null;
    try {
      deviceOom = skip || deviceMemory == null ? null : deviceMemory.outOfMemory(e).orElse(null);
    } catch (Throwable x) {
      // the failure as it is
    }
    if (deviceOom != null) {
      // A new worker frees what the process still holds (a framework's caching allocator keeps it).
      description += "; " + deviceOom;
      vmError = true;
    }
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
