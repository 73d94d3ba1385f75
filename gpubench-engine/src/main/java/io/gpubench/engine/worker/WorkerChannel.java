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

  WorkerChannel(WorkerProcess worker, Duration timeout) {
    this.worker = worker;
    this.timeout = timeout;
  }

  @Override
  public Steps.Prepared prepare(CaseRequest request) throws StepFailed {
    return worker.call("prepare", request, timeout, Phase.SETUP).as(Steps.Prepared.class);
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    return worker.call("checkedCall", null, timeout, Phase.CHECKED_CALL).as(Steps.Checked.class);
  }

  @Override
  public Steps.Warmed warmup(int calls) throws StepFailed {
    return worker.call("warmup", calls, timeout, Phase.WARMUP).as(Steps.Warmed.class);
  }

  @Override
  public Steps.Settled settle(Steps.SettleRequest request) throws StepFailed {
    return worker.call("settle", request, timeout, Phase.WARMUP).as(Steps.Settled.class);
  }

  @Override
  public void startTrials(int callsPerTrial) throws StepFailed {
    worker.call("startTrials", callsPerTrial, timeout, Phase.TRIALS);
  }

  @Override
  public Steps.TrialBatch trials(int count) throws StepFailed {
    return worker.call("trials", count, timeout, Phase.TRIALS).as(Steps.TrialBatch.class);
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    return worker.call("endTrials", null, timeout, Phase.TRIALS).as(Steps.TrialsEnded.class);
  }

  @Override
  public Steps.Finished finish() throws StepFailed {
    return worker.call("finish", null, timeout, Phase.FINAL_CHECK).as(Steps.Finished.class);
  }

  @Override
  public Steps.Released abandon() {
    if (!worker.usable()) {
      return new Steps.Released(null, "the worker " + worker.name() + " was lost");
    }
    try {
      return worker.call("abandon", null, timeout, Phase.TEARDOWN).as(Steps.Released.class);
    } catch (StepFailed e) {
      Failure f = e.failure();
      return new Steps.Released(f, f.runnerUnusable() ? f.description() : null);
    }
  }
}
