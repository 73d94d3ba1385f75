package io.gpubench.engine.bench;

import io.gpubench.api.BackendId;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Memory;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.correctness.Layouts;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.LocalRunner;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.support.Frameworks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one case's benchmark code, step by step as the engine asks ({@link CaseChannel}), and answers with figures:
 * times, error statistics of outputs against the reference and against the checked call, input fingerprints,
 * telemetry. It decides nothing: tolerances, stopping and verdicts are the engine's. It runs in a worker process, or
 * in the build's JVM with {@code gpubench.fork=none}. The case's set-up is {@code CasePreparation}'s, what it holds
 * and its release {@code CaseResources}', the meeting with the other ranks of a world {@code CaseWorld}'s, the
 * untimed calls before the trials {@code WarmupRounds}' and the trials {@code CaseTrials}'.
 */
public final class CaseSession implements LocalRunner {
  private final CaseWorld world = new CaseWorld();
  // the case's: what its preparation opened and its trials started, released by finish or abandon
  private final CaseResources c = new CaseResources();
  private final CasePreparation preparation;

  private Tensor checked;
  // when the case's last trials ended, on System.nanoTime(): its end's seconds count from there
  private long trialsEnded;
  private final WarmupRounds rounds = new WarmupRounds(c, world);
  private final CaseTrials trials = new CaseTrials(c, world, rounds);

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
  @Override
  public void barrier(Runnable barrier) {
    world.barrier(barrier);
  }

  /**
   * Aborts the world of the case running now (its backend session's communicator), from another thread than the
   * one running the step, after another rank failed; the step then fails. Never throws.
   */
  @Override
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
  @Override
  public String waitingFor() {
    return world.waitingFor();
  }

  /**
   * Compiles the code that reads the JIT's activity between warm-up rounds, so that its own compilation does not
   * read as the workload's; a worker calls it once, before its first case.
   */
  @Override
  public void primeJitReadings() {
    rounds.primeJitReadings();
    CpuContention.ofThisJvm().prime();
  }

  @Override
  public Steps.Prepared prepare(CaseRequest req) throws StepFailed {
    if (!c.released) {
      throw new IllegalStateException("the previous case was neither finished nor abandoned");
    }
    trials.reset();
    checked = null;
    trialsEnded = System.nanoTime();
    rounds.reset();
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
      rounds.checkedCall(nanos);
      return new Steps.Checked(nanos, error, mismatch);
    } catch (Throwable e) {
      throw failed(Phase.CHECKED_CALL, workloadMember(), e);
    }
  }

  @Override
  public Steps.Warmed warmup(int calls) throws StepFailed {
    try {
      return rounds.warmup(calls, checked);
    } catch (Throwable e) {
      throw failed(Phase.WARMUP, workloadMember(), e);
    }
  }

  @Override
  public Steps.Settled settle(Steps.SettlePlan plan) throws StepFailed {
    try {
      return rounds.settle(plan);
    } catch (Throwable e) {
      throw failed(Phase.WARMUP, workloadMember(), e);
    }
  }

  @Override
  public Steps.Started startTrials(Steps.TrialsPlan plan) throws StepFailed {
    try {
      return trials.start(plan);
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, null, e);
    }
  }

  @Override
  public Steps.TrialBatch trials(Steps.TrialsAsk ask) throws StepFailed {
    try {
      Steps.TrialBatch batch = trials.trials(ask);
      trialsEnded = System.nanoTime();
      return batch;
    } catch (Throwable e) {
      throw failed(Phase.TRIALS, workloadMember(), e);
    }
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    try {
      return trials.end();
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
      if (trials.hostMemory() != null) {
        memory = memory.withHost(trials.hostMemory().result(c.resident));
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
    return new Steps.Finished(agreement, changed, memory, metrics, released.tearDown(), released.runnerFault(),
        (System.nanoTime() - trialsEnded) / 1e9);
  }

  @Override
  public Steps.Released abandon() {
    return c.release();
  }

  private String workloadMember() {
    return c.spec.workload().member();
  }

  private StepFailed failed(Phase phase, String member, Throwable e) {
    return StepFailures.failed(phase, member, e, c.deviceMemory);
  }
}
