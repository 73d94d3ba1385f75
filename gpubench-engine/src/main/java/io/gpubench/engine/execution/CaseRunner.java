package io.gpubench.engine.execution;

import io.gpubench.api.ForkMode;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.worker.WorkerPool;
import io.gpubench.engine.worker.WorldLease;
import io.gpubench.api.BackendId;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.RankChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each case where its fork policy says: in a worker process from the pool, or, for
 * {@link ForkMode#NONE}, in this JVM; a case of a world in one worker per rank, started together. Either way the
 * {@link CaseDriver} drives the steps and decides.
 */
public final class CaseRunner implements AutoCloseable {
  /** How much longer than a step's time limit the ranks of a world wait for each other inside a step. */
  static final Duration WORLD_WAIT_MARGIN = Duration.ofSeconds(60);

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
   * Runs a case.
   *
   * @param spec the case
   * @return its outcome
   */
  public CaseDriver.Outcome run(CaseSpec spec) {
    if (spec.world() != null) {
      return runWorld(spec);
    }
    if (spec.fork().mode() == ForkMode.NONE) {
      synchronized (local) {
        return driver.run(spec, local, spec.backend().id());
      }
    }
    WorkerPool.Lease lease;
    try {
      lease = pool.lease(spec);
    } catch (StepFailed e) {
      return new CaseDriver.Outcome(Results.error(spec, e.failure().message()), null, null, null);
    }
    CaseDriver.Outcome outcome = null;
    try {
      outcome = driver.run(spec, lease.channel(), lease.backendInWorker());
      return outcome;
    } finally {
      pool.done(lease, outcome == null || outcome.runnerFault() != null);
    }
  }

  /**
   * Runs a case of a world: its ranks' workers from the pool (or, for {@link ForkMode#NONE}, this JVM as the one rank
   * of a world of one), driven as one channel.
   */
  private CaseDriver.Outcome runWorld(CaseSpec spec) {
    if (spec.fork().mode() == ForkMode.NONE) {
      synchronized (local) {
        RankChannel self = new RankChannel() {
          @Override
          public CaseChannel steps() {
            return local;
          }

          @Override
          public void abort() {
            local.abortWorld();
          }

          @Override
          public void stop() {
            // This JVM runs on; the case's session is torn down instead (without time limits, its step has ended).
            local.abandon();
          }

          @Override
          public long pid() {
            return ProcessHandle.current().pid();
          }
        };
        WorldChannel world = new WorldChannel(List.of(self), List.of(spec.backend().id()), Long.MAX_VALUE / 4);
        try {
          return driver.run(spec, world, spec.backend().id());
        } finally {
          world.close();
        }
      }
    }
    WorldLease lease;
    try {
      lease = pool.leaseWorld(spec);
    } catch (StepFailed e) {
      return new CaseDriver.Outcome(Results.error(spec, e.failure().message()), null, null, null);
    }
    Duration step = Duration.ofSeconds(spec.fork().timeoutSeconds());
    List<BackendId> ids = new ArrayList<>();
    for (int r = 0; r < spec.world().size(); r++) {
      ids.add(spec.world().ranks().get(r).idInWorld(r));
    }
    // A rank waits for its peers longer than the engine's own limit of a step, so that the engine finds a hung rank
    // (and names it) before its peers give up on it.
    WorldChannel world = new WorldChannel(lease.ranks(step), ids, step.plus(WORLD_WAIT_MARGIN).toMillis());
    CaseDriver.Outcome outcome = null;
    try {
      outcome = driver.run(spec, world, ids.get(0));
      return outcome;
    } finally {
      world.close();
      pool.doneWorld(lease, outcome == null || outcome.runnerFault() != null || world.stopped() != null);
    }
  }

  /** Stops the workers. */
  @Override
  public void close() {
    pool.close();
  }
}
