package io.gpubench.engine.worker;

import io.gpubench.api.BackendId;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * The steps of a case, asked of a worker process, each within the case's time limit: one {@link Step} each, or
 * several in one frame ({@link #run}).
 */
final class WorkerChannel implements CaseChannel {
  private final WorkerProcess worker;
  private final Duration timeout;
  private final Consumer<Frames.Frame> interim;

  WorkerChannel(WorkerProcess worker, Duration timeout) {
    this(worker, timeout, null);
  }

  /**
   * The channel of one rank of a world.
   *
   * @param worker the rank's worker
   * @param timeout the time limit of a step
   * @param interim takes the rank's arrivals at the engine's barrier during a step
   */
  WorkerChannel(WorkerProcess worker, Duration timeout, Consumer<Frames.Frame> interim) {
    this.worker = worker;
    this.timeout = timeout;
    this.interim = interim;
  }

  @Override
  public List<Object> run(List<Step.Call> calls) throws StepFailed {
    return worker.call(calls, timeout, interim);
  }

  private <T> T call(Step step, Object body, Class<T> reply) throws StepFailed {
    return reply.cast(worker.call(step.with(body), timeout, interim));
  }

  @Override
  public String newWorldId(BackendId backend) throws StepFailed {
    return call(Step.WORLD_ID, backend, String.class);
  }

  @Override
  public Steps.Prepared prepare(CaseRequest request) throws StepFailed {
    return call(Step.PREPARE, request, Steps.Prepared.class);
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    return call(Step.CHECKED_CALL, null, Steps.Checked.class);
  }

  @Override
  public Steps.Warmed warmup(int calls) throws StepFailed {
    return call(Step.WARMUP, calls, Steps.Warmed.class);
  }

  @Override
  public Steps.Settled settle(Steps.SettlePlan plan) throws StepFailed {
    return call(Step.SETTLE, plan, Steps.Settled.class);
  }

  @Override
  public Steps.Started startTrials(Steps.TrialsPlan plan) throws StepFailed {
    return call(Step.START_TRIALS, plan, Steps.Started.class);
  }

  @Override
  public Steps.TrialBatch trials(Steps.TrialsAsk ask) throws StepFailed {
    return call(Step.TRIALS, ask, Steps.TrialBatch.class);
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    return call(Step.END_TRIALS, null, Steps.TrialsEnded.class);
  }

  @Override
  public void instrument(Steps.Instruments instruments) throws StepFailed {
    call(Step.INSTRUMENT, instruments, Void.class);
  }

  @Override
  public Steps.Collected collect(Steps.AuditRequest request) throws StepFailed {
    return call(Step.COLLECT, request, Steps.Collected.class);
  }

  @Override
  public Steps.Finished finish() throws StepFailed {
    return call(Step.FINISH, null, Steps.Finished.class);
  }

  @Override
  public Steps.Released abandon() {
    if (!worker.usable()) {
      return new Steps.Released(null, "the worker " + worker.name() + " was lost");
    }
    try {
      return call(Step.ABANDON, null, Steps.Released.class);
    } catch (StepFailed e) {
      Failure f = e.failure();
      return new Steps.Released(f, f.runnerUnusable() ? f.description() : null);
    }
  }
}
