package io.gpubench.engine.execution;

import io.gpubench.api.ForkMode;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.worker.WorkerPool;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each case where its fork policy says: in worker processes from the pool (as many forks as the policy gives the
 * case's device, one after the other), or, for {@link ForkMode#NONE}, in this JVM. Either way the
 * {@link CaseDriver} drives the steps and decides.
 */
public final class CaseRunner implements AutoCloseable {
  private final CaseDriver driver;
  private final WorkerPool pool;
  private final CaseSession local;

  /**
   * Makes the runner of a run.
   *
   * @param driver drives and decides cases
   * @param pool the worker processes
   * @param local runs cases in this JVM, for {@link ForkMode#NONE}
   */
  public CaseRunner(CaseDriver driver, WorkerPool pool, CaseSession local) {
    this.driver = driver;
    this.pool = pool;
    this.local = local;
  }

  /**
   * Runs a case: in each of its forks, one after the other, then combined. A fork that does not pass ends the case.
   *
   * @param spec the case
   * @return its outcome
   */
  public CaseDriver.Outcome run(CaseSpec spec) {
    if (spec.fork().mode() == ForkMode.NONE) {
      synchronized (local) {
        return driver.run(spec, local, spec.backend().id());
      }
    }
    int forks = spec.fork().forksOn(spec.backend().id());
    List<CaseDriver.Outcome> outcomes = new ArrayList<>();
    int callsPerTrial = 0;
    for (int i = 0; i < forks; i++) {
      CaseDriver.Outcome o = runFork(spec, new CaseDriver.Fork(i, forks, callsPerTrial));
      outcomes.add(o);
      if (o.result().status() != CaseStatus.PASSED) {
        break;
      }
      callsPerTrial = o.result().timing().callsPerTrial();
    }
    return driver.combine(spec, outcomes);
  }

  private CaseDriver.Outcome runFork(CaseSpec spec, CaseDriver.Fork fork) {
    WorkerPool.Lease lease;
    try {
      lease = pool.lease(spec, fork.index());
    } catch (StepFailed e) {
      return new CaseDriver.Outcome(Results.error(spec, e.failure().message()), null, null, null);
    }
    CaseDriver.Outcome outcome = null;
    try {
      outcome = driver.run(spec, lease.channel(), lease.backendInWorker(), fork);
      return outcome;
    } finally {
      pool.done(lease, outcome == null || outcome.runnerFault() != null);
    }
  }

  /** Stops the workers. */
  @Override
  public void close() {
    pool.close();
  }
}
