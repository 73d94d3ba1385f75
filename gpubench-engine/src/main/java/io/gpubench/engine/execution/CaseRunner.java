package io.gpubench.engine.execution;

import io.gpubench.api.ForkMode;
import io.gpubench.api.result.CaseStatus;
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
   * Where the forks disagree ({@link io.gpubench.engine.statistics.ForkAgreement}) and their count was the device's
   * default, further forks are measured, up to {@value #DISAGREEMENT_FORKS} in all and within twice the case's budget,
   * until an outcome holds a majority of at least three forks: then the case's figure (the median of all forks'
   * trials) is the typical outcome's, and the {@code forks-disagree} flag says what each fork measured.
   *
   * <p>The default second fork shows a second JIT profile. Once the forks of a workload agreed in this run, a later
   * case of it that the first fork found steady at once (its trial loop compiled before the warm-up's first round,
   * by the workload's earlier cases in that worker) and timed to its target is measured in that fork alone: a second
   * fork would time its own compiled loop of the same workload, which agreed the last time. The stop detail says so.
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
    int forks = spec.fork().forksOn(spec.backend().id());
    boolean declared = spec.fork().forks() > 0;
    List<CaseDriver.Outcome> outcomes = new ArrayList<>();
    int callsPerTrial = 0;
    int batchCalls = 0;
    for (int i = 0; i < forks; i++) {
      CaseDriver.Outcome o = runFork(spec, new CaseDriver.Fork(i, forks, callsPerTrial, batchCalls, 0), false);
      outcomes.add(o);
      if (o.result().status() != CaseStatus.PASSED) {
        return driver.combine(spec, outcomes, "");
      }
      callsPerTrial = o.result().timing().callsPerTrial();
      batchCalls = o.result().timing().batchCalls();
      if (i == 0 && forks > 1 && !declared) {
        String one = oneForkReason(spec, o.result(), o.steadyAtOnce(), forks);
        if (one != null) {
          return new CaseDriver.Outcome(Forks.oneFork(o.result(), one), o.cause(), o.stackTrace(), o.runnerFault(),
              o.files(), o.notes());
        }
      }
    }
    String note = "";
    if (forks > 1 && !declared && Forks.disagreement(timings(outcomes)).isPresent()) {
      int before = outcomes.size();
      while (outcomes.size() < DISAGREEMENT_FORKS && !majority(outcomes) && withinBudget(spec, outcomes)) {
        CaseDriver.Outcome o = runFork(spec, new CaseDriver.Fork(outcomes.size(), forks, callsPerTrial, batchCalls, 0),
            true);
        outcomes.add(o);
        if (o.result().status() != CaseStatus.PASSED) {
          return driver.combine(spec, outcomes, "");
        }
      }
      note = outcomes.size() == before ? "; no further fork was measured (twice the case's budget of "
          + spec.trials().budgetSeconds() + " s spent)"
          : String.format(java.util.Locale.ROOT, "; %d further forks measured in fresh workers%s", outcomes.size()
              - before, majority(outcomes) ? ", until one outcome held a majority"
              : outcomes.size() >= DISAGREEMENT_FORKS ? ", up to " + DISAGREEMENT_FORKS + " in all"
              : ", within twice the case's budget");
    } else if (forks > 1 && outcomes.size() > 1) {
      agreed.add(workloadKey(spec));
    }
    return driver.combine(spec, outcomes, note);
  }

  /** The most forks a case whose forks disagree is measured in. */
  static final int DISAGREEMENT_FORKS = 5;

  /** The fewest forks that make a majority outcome the case's figure can stand on. */
  static final int MAJORITY_FORKS = 3;

  // Workloads (class, workload, device) whose forks agreed in this run.
  private final java.util.Set<String> agreed = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private static String workloadKey(CaseSpec spec) {
    return spec.declaration().type().getName() + "#" + spec.workload().name() + "@" + spec.backend().id();
  }

  /** Why a case keeps to its first fork, in the stop detail's words; null when it takes the default forks. */
  private String oneForkReason(CaseSpec spec, io.gpubench.api.result.CaseResult r, boolean steadyAtOnce, int forks) {
    if (longCalls(r)) {
      return String.format(java.util.Locale.ROOT, "; measured in one fork, not the default %d: at %s a call a second"
          + " worker would repeat the first call and the warm-up for a figure its own work dominates, not a JIT"
          + " profile (@Fork(forks) or gpubench.forks to measure in more)", forks,
          io.gpubench.results.compare.Figures.duration(r.timing().primary().median()));
    }
    if (steadyAtOnce && r.flags().isEmpty() && r.timing().stop() == io.gpubench.api.result.StopReason.TARGET_REACHED
        && agreed.contains(workloadKey(spec))) {
      return String.format(java.util.Locale.ROOT, "; measured in one fork, not the default %d: steady at once (its"
          + " trial loop compiled by the workload's earlier cases in this worker, whose forks agreed) and timed to"
          + " its target (@Fork(forks) or gpubench.forks to measure in more)", forks);
    }
    return null;
  }

  private static List<io.gpubench.api.result.Timing> timings(List<CaseDriver.Outcome> outcomes) {
    return outcomes.stream().map(o -> o.result().timing()).toList();
  }

  /** Whether one outcome holds a majority of at least {@value #MAJORITY_FORKS} forks. */
  private static boolean majority(List<CaseDriver.Outcome> outcomes) {
    List<Double> medians = Forks.headlineSamples(timings(outcomes)).stream().map(x -> {
      double[] s = x.clone();
      java.util.Arrays.sort(s);
      return io.gpubench.engine.statistics.SampleStatistics.percentile(s, 0.5);
    }).toList();
    for (double m : medians) {
      long close = medians.stream().filter(o -> Math.max(o / m, m / o)
          < io.gpubench.engine.statistics.ForkAgreement.MIN_RATIO).count();
      if (close >= MAJORITY_FORKS && 2 * close > medians.size()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether another fork fits in twice the case's budget: its warm-ups and trials so far, and one more fork at their
   * mean.
   */
  private static boolean withinBudget(CaseSpec spec, List<CaseDriver.Outcome> outcomes) {
    double spent = 0;
    for (CaseDriver.Outcome o : outcomes) {
      var s = o.result().timing().spent();
      spent += s == null ? 0 : s.warmupSeconds() + s.trialSeconds();
    }
    return spent * (outcomes.size() + 1) / outcomes.size() <= 2 * spec.trials().budgetSeconds();
  }

  /**
   * Whether a case's calls are so long that the default second fork is not worth it: from
   * {@value #LONG_CALL_NANOS} ns a call (a training step of a model, a large native kernel) the call's own work
   * dominates its time, a second JVM repeats the case's first call and warm-up (tens of seconds for a model), and the
   * few trials a budget allows make a between-fork interval wide anyway.
   */
  private static boolean longCalls(io.gpubench.api.result.CaseResult r) {
    return r.timing() != null && r.timing().primary().median() >= LONG_CALL_NANOS;
  }

  /** From this time per call, a case keeps to one fork unless more are asked for. */
  static final double LONG_CALL_NANOS = 100e6;

  private CaseDriver.Outcome runFork(CaseSpec spec, CaseDriver.Fork fork, boolean retire) {
    WorkerPool.Lease lease;
    long start = System.nanoTime();
    try {
      lease = pool.lease(spec, fork.index());
    } catch (StepFailed e) {
      return new CaseDriver.Outcome(Results.error(spec, e.failure().message()), null, null, null);
    }
    double startSeconds = lease.started() ? (System.nanoTime() - start) / 1e9 : 0;
    CaseDriver.Outcome outcome = null;
    try {
      outcome = driver.run(spec, lease.channel(), lease.backendInWorker(), fork.startedIn(startSeconds));
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
