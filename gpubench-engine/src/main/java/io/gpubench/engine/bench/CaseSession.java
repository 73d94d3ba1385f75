package io.gpubench.engine.bench;

import io.gpubench.api.BackendId;
import io.gpubench.api.CacheMode;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Memory;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.correctness.Layouts;
import io.gpubench.engine.memory.HostMemoryMeter;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.CallsPerTrial;
import io.gpubench.engine.support.Frameworks;
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
 * in the build's JVM with {@code gpubench.fork=none}. The case's set-up is {@code CasePreparation}'s, what it holds
 * and its release {@code CaseResources}', the meeting with the other ranks of a world {@code CaseWorld}'s.
 */
public final class CaseSession implements CaseChannel {
  private final CaseWorld world = new CaseWorld();
  // the case's: what its preparation opened and its trials started, released by finish or abandon
  private final CaseResources c = new CaseResources();
  private final CasePreparation preparation;

  private Tensor checked;
  private CpuContention contention;
  private TrialCalls trialCalls;
  private HostMemoryMeter hostMemory;
  private int callsPerTrial;
  // what the untimed calls so far measured, for the warm-up's first round and the engine's calls per trial
  private double spentSeconds;
  private double perCallNanos;
  private int settledCalls;
  private final JitActivity jit = new JitActivity();
  private int rounds;

  /**
   * Makes a session runner over this process's backends and framework supports; one case at a time.
   *
   * @param backends the backends as this process sees them
   * @param frameworks the framework supports on the class path
   */
  public CaseSession(Backends backends, Frameworks frameworks) {
    this.preparation = new CasePreparation(backends, frameworks, world);
  }

  /**
   * Sets the barrier the ranks of a world meet at around each trial: the engine's, over the worker's connection
   * (it returns once every rank of the world has arrived). Without one, as in the build's JVM, a world is one rank
   * and needs none.
   *
   * @param barrier waits for the world's other ranks; throws when the world was aborted
   */
  public void barrier(Runnable barrier) {
    world.barrier(barrier);
  }

  /**
   * Aborts the world of the case running now (its backend session's communicator), from another thread than the
   * one running the step, after another rank failed; the step then fails. Never throws.
   */
  public void abortWorld() {
    BackendSession s = c.session;
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
      return preparation.backend(backendId).newWorldId();
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
    return world.waitingFor();
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
    if (!c.released) {
      throw new IllegalStateException("the previous case was neither finished nor abandoned");
    }
    hostMemory = null;
    checked = null;
    spentSeconds = 0;
    perCallNanos = Double.NaN;
    settledCalls = 0;
    return preparation.prepare(req, c);
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    try {
      c.ctx.outputs().forEach(c.ops::poison);
      world.synchronize(c.session);
      long start = System.nanoTime();
      Object first = c.workload.call(c.ctx);
      world.synchronize(c.session);
      double nanos = System.nanoTime() - start;
      ErrorStats error = null;
      String mismatch = null;
      if (c.reference != null) {
        Tensor out = c.output(first);
        mismatch = Layouts.mismatch(out, c.reference).orElse(null);
        if (mismatch == null) {
          error = c.ops.compare(out, c.reference, c.request.range());
        }
        checked = c.ops.copy("checked " + out.name(), out);
      }
      c.ops.release(first);
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
          c.ctx.outputs().forEach(c.ops::poison);
        }
        long start = System.nanoTime();
        Object out = c.workload.call(c.ctx);
        world.synchronize(c.session);
        times.add((double) (System.nanoTime() - start));
        if (checked != null) {
          agreement.add(c.ops.compare(c.output(out), checked, c.request.range()));
        }
        c.ops.release(out);
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
    return c.clock.deviceClock().isEmpty();
  }

  /** The calls per trial of the engine's rule, from the untimed calls so far: about 100 µs on the host clock. */
  private int ruleCalls() {
    return hostClock() && !world.inWorld() ? CallsPerTrial.auto(perCallNanos) : 1;
  }

  @Override
  public Steps.Settled settle(Steps.SettlePlan plan) throws StepFailed {
    try {
      jit.refresh();
      Class<?> loopClass = c.loop.getClass();
      boolean auto = plan.callsPerTrial() == 0 && hostClock() && !world.inWorld();
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
    c.ensureKept(callsPerBatch);
    long begin = System.nanoTime();
    double compiled = jit.compilationMillis();
    double compilerCpu = jit.compilerCpuNanos();
    int made = 0;
    while (made < batches) {
      c.session.synchronize();
      long start = System.nanoTime();
      c.run(callsPerBatch);
      c.session.synchronize();
      long end = System.nanoTime();
      times[made++] = (double) (end - start) / callsPerBatch;
      c.releaseKept(callsPerBatch);
      if (end - deadlineNanos > 0) {
        break;
      }
    }
    JitThresholds.count(c.loop.getClass(), made, (long) made * callsPerBatch);
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
      trialCalls = c.trialCalls(callsPerTrial);
      this.callsPerTrial = callsPerTrial;
      c.batch = null;
      if (!hostClock() && !world.inWorld() && plan.batchCalls() != 0) {
        c.batch = BatchTrials.start(c.session, c.clock, callsPerTrial, plan.batchCalls(), c.keptLoop());
      }
      c.telemetry = c.session.startTelemetry();
      hostMemory = HostMemoryMeter.start();
      // Host-timed trials (the CPU's) have no telemetry to tell a slowed trial by: the probe does.
      contention = c.clock.deviceClock().isEmpty() && !world.inWorld() ? CpuContention.ofThisJvm() : null;
      if (contention != null) {
        contention.prime();
      }
      return new Steps.Started(callsPerTrial, c.batch == null ? 0 : c.batch.count());
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  /** This thread's CPU time, or -1 where the JVM cannot read it. */
  private static long threadCpuNanos() {
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
  }

  @Override
  public Steps.TrialBatch trials(int count) throws StepFailed {
    try {
      long begin = System.nanoTime();
      List<TrialClock.TrialTime> times = new ArrayList<>(count);
      List<TrialConditions> conditions = new ArrayList<>(count);
      List<Double> batches = new ArrayList<>(c.batch != null ? count : 0);
      boolean anyConditions = false;
      for (int i = 0; i < count; i++) {
        if (c.spec.trials().cache() == CacheMode.COLD) {
          c.session.flushCache();
        }
        world.synchronize(c.session);
        long cpuStart = contention != null ? threadCpuNanos() : -1;
        // Right around the clock: the contention probe's own reads allocate (816 B each on JDK 17).
        hostMemory.beforeTrial();
        long start = System.nanoTime();
        TrialClock.TrialTime t = world.inWorld() ? world.trial(c.clock, trialCalls) : c.clock.time(trialCalls);
        c.releaseKept(callsPerTrial);
        if (c.batch != null) {
          batches.add(c.batch.time(c.session, c.spec.trials().cache() == CacheMode.COLD));
        }
        long end = System.nanoTime();
        hostMemory.afterTrial(callsPerTrial);
        long cpuEnd = contention != null ? threadCpuNanos() : -1;
        times.add(t);
        TrialConditions seen = c.telemetry.during(start, end).orElse(null);
        if (seen == null && contention != null) {
          seen = contention.afterTrial(end - start, cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart);
        }
        anyConditions |= seen != null;
        conditions.add(seen);
      }
      JitThresholds.count(c.loop.getClass(), count, (long) count * callsPerTrial);
      return new Steps.TrialBatch(times, anyConditions ? conditions : List.of(), batches,
          (System.nanoTime() - begin) / 1e9);
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, workloadMember(), e);
    }
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    try {
      var seen = c.telemetry.stop().orElse(null);
      c.telemetry = null;
      String deviceClock = c.clock.deviceClock().isEmpty() ? null : c.clock.deviceClock();
      String reason = world.inWorld() && deviceClock != null
          ? "a world's trial: every rank synchronises, meets the engine's barrier, starts, makes its calls,"
              + " synchronises and meets the barrier again; device time from rank 0's clock around its calls, host"
              + " time from the first barrier to the second"
          : c.clock.modeReason();
      return new Steps.TrialsEnded(deviceClock, c.clock.mode(), reason, seen);
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  @Override
  public void instrument(Steps.Instruments in) {
    c.instruments = CaseInstruments.start(in, c.session.unwrap(ProfilerHooks.class),
        c.spec.backend().id().toString());
  }

  @Override
  public Steps.Collected collect(Steps.AuditRequest request) throws StepFailed {
    CaseInstruments recorded = c.instruments;
    c.instruments = null;
    if (recorded != null) {
      recorded.stop();
    }
    Optional<KernelAuditor> auditor = c.session.unwrap(KernelAuditor.class);
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
        out = c.workload.call(c.ctx);
      } finally {
        result = running.stop(1);
      }
      c.ops.release(out);
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
        c.ctx.outputs().forEach(c.ops::poison);
        Object out = c.workload.call(c.ctx);
        if (world.inWorld()) {
          world.synchronize(c.session);
        }
        agreement = c.ops.compare(c.output(out), checked, c.request.range());
        c.ops.release(out);
      } else if (world.inWorld()) {
        // Every rank of a world makes the calls rank 0 makes, so that their collectives pair up.
        Object out = c.workload.call(c.ctx);
        world.synchronize(c.session);
        c.ops.release(out);
      }
      c.inputPrints.forEach((t, print) -> {
        if (c.ops.fingerprint(t) != print) {
          changed.add(t.name());
        }
      });
      memory = c.session.peakMemoryBytes().map(b -> new Memory(b, null, null)).orElse(new Memory(null, null, null));
      if (hostMemory != null) {
        memory = memory.withHost(hostMemory.result(c.resident));
      }
      if (c.deviceMemory != null) {
        memory = memory.withDevice(c.deviceMemory.stop());
        c.deviceMemory = null;
      }
    } catch (Throwable e) {
      throw failed(Phase.FINAL_CHECK, workloadMember(), e);
    }
    Map<String, io.gpubench.api.result.Metric> metrics = new LinkedHashMap<>(c.ctx.metrics());
    Steps.Released released = c.release();
    return new Steps.Finished(agreement, changed, memory, metrics, released.tearDown(), released.runnerFault());
  }

  @Override
  public Steps.Released abandon() {
    return c.release();
  }

  private String workloadMember() {
    return StepFailures.workloadMember(c.spec);
  }

  private StepFailed failed(Phase phase, String member, Throwable e) {
    return StepFailures.failed(phase, member, e, c.deviceMemory);
  }
}
