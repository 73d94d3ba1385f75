package io.gpubench.engine.worker;

import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import java.time.Duration;

/** The steps of a case, asked of a worker process, each within the case's time limit. */
final class WorkerChannel implements CaseChannel {
  private final WorkerProcess worker;
  private final Duration timeout;
  private final java.util.function.Consumer<io.gpubench.engine.protocol.Frames.Frame> interim;

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
  WorkerChannel(WorkerProcess worker, Duration timeout,
      java.util.function.Consumer<io.gpubench.engine.protocol.Frames.Frame> interim) {
    this.worker = worker;
    this.timeout = timeout;
    this.interim = interim;
  }

  @Override
  public String newWorldId(io.gpubench.api.BackendId backend) throws StepFailed {
    return worker.call("worldId", backend, timeout, Phase.OPEN_BACKEND, interim).body().asString();
  }

  @Override
  public Steps.Prepared prepare(CaseRequest request) throws StepFailed {
    return worker.call("prepare", request, timeout, Phase.SETUP, interim).as(Steps.Prepared.class);
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    return worker.call("checkedCall", null, timeout, Phase.CHECKED_CALL, interim).as(Steps.Checked.class);
  }

  @Override
  public Steps.Warmed warmup(int calls) throws StepFailed {
    return worker.call("warmup", calls, timeout, Phase.WARMUP, interim).as(Steps.Warmed.class);
  }

  @Override
  public void startTrials() throws StepFailed {
    worker.call("startTrials", null, timeout, Phase.TRIALS, interim);
  }

  @Override
  public Steps.TrialBatch trials(int count) throws StepFailed {
    return worker.call("trials", count, timeout, Phase.TRIALS, interim).as(Steps.TrialBatch.class);
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    return worker.call("endTrials", null, timeout, Phase.TRIALS, interim).as(Steps.TrialsEnded.class);
  }

  @Override
  public void instrument(Steps.Instruments instruments) throws StepFailed {
    worker.call("instrument", instruments, timeout, Phase.TRIALS);
  }

  @Override
  public Steps.Collected collect(Steps.AuditRequest request) throws StepFailed {
    return worker.call("collect", request, timeout, Phase.AUDIT).as(Steps.Collected.class);
  }

  @Override
  public Steps.Finished finish() throws StepFailed {
    return worker.call("finish", null, timeout, Phase.FINAL_CHECK, interim).as(Steps.Finished.class);
  }

  @Override
  public Steps.Released abandon() {
    if (!worker.usable()) {
      return new Steps.Released(null, "the worker " + worker.name() + " was lost");
    }
    try {
      return worker.call("abandon", null, timeout, Phase.TEARDOWN, interim).as(Steps.Released.class);
    } catch (StepFailed e) {
      Failure f = e.failure();
      return new Steps.Released(f, f.runnerUnusable() ? f.description() : null);
    }
  }
}
