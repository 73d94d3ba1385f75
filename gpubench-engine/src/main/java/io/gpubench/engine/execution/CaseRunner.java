package io.gpubench.engine.execution;

import io.gpubench.api.ForkMode;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.worker.WorkerPool;
import io.gpubench.engine.worker.WorldLease;
import io.gpubench.api.BackendId;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.LocalRunner;
import io.gpubench.engine.protocol.RankChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each case where its fork policy says: in worker processes from the pool (as many forks as the policy gives the
 * case's device, one after the other), or, for {@link ForkMode#NONE}, in this JVM; a case of a world in one worker
 * per rank, started together. Either way the
 * {@link CaseDriver} drives the steps and decides.
 */
public final class CaseRunner implements AutoCloseable {
  /** How much longer than a step's time limit the ranks of a world wait for each other inside a step. */
  static final Duration WORLD_WAIT_MARGIN = Duration.ofSeconds(60);

  private final CaseDriver driver;
  private final WorkerPool pool;
  private final LocalRunner local;
  private final ForkChoices choices = new ForkChoices();

  /**
   * Makes the runner of a run.
   *
   * @param driver drives and decides cases
   * @param pool the worker processes
   * @param local runs cases in this JVM, for {@link ForkMode#NONE}
   */
  public CaseRunner(CaseDriver driver, WorkerPool pool, LocalRunner local) {
    this.driver = driver;
    this.pool = pool;
    this.local = local;
  }

  /**
   * Starts the workers of a run's first case ahead of it (at most its first {@value #AHEAD_FORKS} forks), while the
   * engine still sets the run up ({@link WorkerPool#startAhead}).
   *
   * @param first the case the run starts with
   */
  public void startAhead(CaseSpec first) {
    if (first.world() == null && first.fork().mode() != ForkMode.NONE) {
      pool.startAhead(first, Math.min(AHEAD_FORKS, first.fork().forksOn(first.backend().id())));
    }
  }

  /** The most workers started ahead of the first case: more JVMs starting at once than cores only queue. */
  static final int AHEAD_FORKS = 2;

  /**
   * Runs a case: in each of its forks, one after the other, then combined. A fork that does not pass ends the case.
   * Where the forks disagree and their count was the device's default, further forks are measured in fresh workers
   * until one outcome holds a majority (first in the class's own workers where a contended core explains the
   * difference: {@link ForkChoices#contentionExplains}); a case steady at once may keep to its first fork
   * ({@link ForkChoices} says when, and why).
   *
   * @param spec the case
   * @return its outcome, with the case's own report written from its final result
   */
  public CaseDriver.Outcome run(CaseSpec spec) {
    // The report once the forks are combined: written per fork, a two-fork case's report.md showed its last fork.
    return driver.reported(spec, decide(spec));
  }

  private CaseDriver.Outcome decide(CaseSpec spec) {
    if (spec.world() != null) {
      return runWorld(spec);
    }
    if (spec.fork().mode() == ForkMode.NONE) {
      synchronized (local) {
        return driver.run(spec, local, spec.backend().id());
      }
    }
    int forks = spec.fork().forksOn(spec.backend().id());
    boolean declared = spec.fork().forks() > 0;
    List<CaseDriver.Outcome> outcomes = new ArrayList<>();
    int callsPerTrial = 0;
    int batchCalls = 0;
    for (int i = 0; i < forks; i++) {
      CaseDriver.Outcome o = runFork(spec, new CaseDriver.Fork(i, forks, callsPerTrial, batchCalls, 0), false);
      outcomes.add(o);
      if (o.result().status() != CaseStatus.PASSED) {
        return ForkedOutcome.combine(spec, outcomes, "");
      }
      callsPerTrial = o.result().timing().callsPerTrial();
      batchCalls = o.result().timing().batchCalls();
      if (i == 1) {
        choices.secondFork(outcomes.get(0).result(), o.result());
      }
      if (i == 0 && forks > 1 && !declared) {
        String one = choices.oneFork(spec, o.result(), o.steadyAtOnce(), forks);
        if (one != null) {
          return new CaseDriver.Outcome(Forks.oneFork(o.result(), one), o.cause(), o.stackTrace(), o.runnerFault(),
              o.files(), o.notes());
        }
      }
    }
    String note = "";
    if (forks > 1 && !declared && Forks.disagreement(ForkChoices.timings(outcomes)).isPresent()
        && !ForkChoices.warmupCutShort(outcomes) && !ForkChoices.belowLoopResolution(outcomes)) {
      int before = outcomes.size();
      // A disagreement the contention probe explains is measured again in the class's own workers first (their
      // compiled code, a quiet core): fresh workers only where that leaves no majority.
      String contended = ForkChoices.contentionExplains(outcomes);
      int again = contended == null ? 0 : forks;
      while (outcomes.size() < ForkChoices.DISAGREEMENT_FORKS && !ForkChoices.majority(outcomes)) {
        int index = outcomes.size();
        boolean kept = index - before < again;
        if (!choices.withinBudget(spec, outcomes, !kept)) {
          break;
        }
        CaseDriver.Outcome o = runFork(spec, new CaseDriver.Fork(index, forks, callsPerTrial, batchCalls, 0),
            kept ? index % forks : index, !kept);
        outcomes.add(o);
        if (o.result().status() != CaseStatus.PASSED) {
          return ForkedOutcome.combine(spec, outcomes, "");
        }
      }
      note = ForkChoices.furtherForksNote(spec, outcomes.size() - before, Math.min(again, outcomes.size() - before),
          contended, outcomes.size(), ForkChoices.majority(outcomes));
    } else if (forks > 1 && outcomes.size() > 1 && Forks.disagreement(ForkChoices.timings(outcomes)).isPresent()) {
      note = ForkChoices.notFurtherNote(declared, forks, outcomes);
    } else if (forks > 1 && outcomes.size() > 1) {
      choices.agreed(spec);
    }
    return ForkedOutcome.combine(spec, outcomes, note);
  }

  private CaseDriver.Outcome runFork(CaseSpec spec, CaseDriver.Fork fork, boolean retire) {
    return runFork(spec, fork, fork.index(), retire);
  }

  /**
   * Runs a fork in the class's worker of an index: a worker kept for the class where it runs one (below the device's
   * default count of forks), else a worker started for it.
   */
  private CaseDriver.Outcome runFork(CaseSpec spec, CaseDriver.Fork fork, int worker, boolean retire) {
    WorkerPool.Lease lease;
    long start = System.nanoTime();
    try {
      lease = pool.lease(spec, worker);
    } catch (StepFailed e) {
      return new CaseDriver.Outcome(Results.error(spec, e.failure().message()), null, null, null);
    }
    double startSeconds = lease.started() ? (System.nanoTime() - start) / 1e9 : 0;
    CaseDriver.Outcome outcome = null;
    try {
      outcome = driver.run(spec, lease.channel(), lease.backendInWorker(),
          lease.started() ? fork.startedIn(startSeconds) : fork);
      if (lease.started()) {
        choices.freshFork(outcome);
      }
      return outcome;
    } finally {
      // a further fork's worker is a fresh JVM for this case alone: the class's forks keep theirs
      pool.done(lease, retire || outcome == null || outcome.runnerFault() != null);
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
    List<BackendId> ids = lease.rankIds();
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
