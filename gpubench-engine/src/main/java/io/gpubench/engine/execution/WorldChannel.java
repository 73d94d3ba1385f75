package io.gpubench.engine.execution;

import io.gpubench.api.BackendId;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.spi.WorldRank;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.RankChannel;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.protocol.Throwables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The steps of a case run by the ranks of a world, as one channel: each step is sent to every rank at once and ends
 * when every rank has answered, so the {@link CaseDriver} drives a world as it drives one device. The answers are
 * merged: rank 0's times, checks and figures (only its output is checked), every rank's changed inputs, the SM
 * clocks of every rank's device, the shared flag over all of them.
 *
 * <p>World 0's id is made first, in rank 0's process, and handed to every rank with its rank. When a rank fails (it
 * throws, dies, or runs past its time limit), every other rank is told to abort its world at once (its
 * communicator, its wait at the engine's barrier), given {@value #STOP_GRACE_SECONDS} s to answer, and then every
 * rank's process is stopped: the case fails with the first rank's failure, and the next case runs in new workers.
 */
final class WorldChannel implements CaseChannel {
  /** How long the other ranks have to answer once told to abort, before their processes are stopped. */
  static final int STOP_GRACE_SECONDS = 5;

  /** How long a rank still answering after its process was stopped is waited for. */
  private static final int STOPPED_WAIT_SECONDS = 30;

  private final List<RankChannel> ranks;
  private final List<BackendId> rankIds;
  private final long waitMillis;
  private final ExecutorService threads;
  private String stopped;

  /**
   * A world's channel.
   *
   * @param ranks the ranks, rank order
   * @param rankIds each rank's device as its runner sees it
   * @param waitMillis how long a rank waits for its peers in a step before aborting its communicator itself
   */
  WorldChannel(List<RankChannel> ranks, List<BackendId> rankIds, long waitMillis) {
    this.ranks = List.copyOf(ranks);
    this.rankIds = List.copyOf(rankIds);
    this.waitMillis = waitMillis;
    this.threads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "gpubench-rank");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Why the world's ranks were stopped, after a rank failed.
   *
   * @return the reason, or null while the world is healthy
   */
  String stopped() {
    return stopped;
  }

  @Override
  public Steps.Prepared prepare(CaseRequest request) throws StepFailed {
    String id;
    try {
      id = ranks.get(0).steps().newWorldId(rankIds.get(0));
    } catch (StepFailed e) {
      stopAll(0);
      throw new StepFailed(combined(new Failure[] {e.failure()}, List.of(0), 0), e.getCause());
    }
    int n = ranks.size();
    return all(Phase.SETUP, (r, c) -> c.prepare(request.forRank(rankIds.get(r), new WorldRank(r, n, id,
        waitMillis)))).get(0);
  }

  @Override
  public Steps.Checked checkedCall() throws StepFailed {
    return all(Phase.CHECKED_CALL, (r, c) -> c.checkedCall()).get(0);
  }

  @Override
  public Steps.Warmed warmup(int calls) throws StepFailed {
    return all(Phase.WARMUP, (r, c) -> c.warmup(calls)).get(0);
  }

  /** Never asked: a world's ranks make the declared warm-up calls only ({@code Warming}), the same on every rank. */
  @Override
  public Steps.Settled settle(Steps.SettlePlan plan) {
    throw new IllegalStateException("a world's ranks do not settle on their own: each would make its own calls");
  }

  @Override
  public Steps.Started startTrials(Steps.TrialsPlan plan) throws StepFailed {
    return all(Phase.TRIALS, (r, c) -> c.startTrials(plan)).get(0);
  }

  @Override
  public Steps.TrialBatch trials(Steps.TrialsAsk ask) throws StepFailed {
    if (ask.until() != null) {
      // each rank would stop on its own times, and the others would wait at the next trial's barrier for it
      throw new IllegalArgumentException("a world's ranks measure a count of trials, not until a rule decides");
    }
    return all(Phase.TRIALS, (r, c) -> c.trials(ask)).get(0);
  }

  @Override
  public Steps.TrialsEnded endTrials() throws StepFailed {
    List<Steps.TrialsEnded> ended = all(Phase.TRIALS, (r, c) -> c.endTrials());
    Steps.TrialsEnded first = ended.get(0);
    List<Telemetry> telemetry = ended.stream().map(Steps.TrialsEnded::telemetry).toList();
    return new Steps.TrialsEnded(first.deviceClock(), first.deviceTiming(), first.deviceTimingReason(),
        WorldTelemetry.merge(telemetry, rankIds, pids()));
  }

  @Override
  public Steps.Finished finish() throws StepFailed {
    List<Steps.Finished> done = all(Phase.FINAL_CHECK, (r, c) -> c.finish());
    Steps.Finished first = done.get(0);
    List<String> changed = new ArrayList<>();
    Long peak = null;
    Failure tearDown = null;
    String fault = null;
    for (int r = 0; r < done.size(); r++) {
      Steps.Finished f = done.get(r);
      for (String input : f.changedInputs()) {
        changed.add(ranks.size() == 1 ? input : input + " (rank " + r + ")");
      }
      if (f.memory() != null && f.memory().peakDeviceBytes() != null) {
        peak = peak == null ? f.memory().peakDeviceBytes() : Math.max(peak, f.memory().peakDeviceBytes());
      }
      if (tearDown == null && f.tearDown() != null) {
        Failure t = f.tearDown();
        tearDown = new Failure(t.phase(), t.member(), prefix(r) + t.description(), t.stackTrace(), t.skip(),
            t.runnerUnusable());
      }
      if (fault == null && f.runnerFault() != null) {
        fault = prefix(r) + f.runnerFault();
      }
    }
    Memory memory = peak == null ? first.memory()
        : new Memory(peak, null, null, first.memory() == null ? null : first.memory().host());
    double seconds = done.stream().mapToDouble(Steps.Finished::seconds).max().orElse(0);
    return new Steps.Finished(first.agreement(), changed, memory, first.metrics(), tearDown, fault, seconds);
  }

  @Override
  public Steps.Released abandon() {
    if (stopped != null) {
      return new Steps.Released(null, stopped);
    }
    Failure tearDown = null;
    String fault = null;
    for (int r = 0; r < ranks.size(); r++) {
      Steps.Released released = ranks.get(r).steps().abandon();
      if (tearDown == null && released.tearDown() != null) {
        tearDown = released.tearDown();
      }
      if (fault == null && released.runnerFault() != null) {
        fault = prefix(r) + released.runnerFault();
      }
    }
    return new Steps.Released(tearDown, fault);
  }

  /** Ends the threads that waited for the ranks' steps. */
  void close() {
    threads.shutdownNow();
  }

  private List<Long> pids() {
    return ranks.stream().map(RankChannel::pid).toList();
  }

  /** One rank's step. */
  @FunctionalInterface
  private interface Step<T> {
    T run(int rank, CaseChannel channel) throws StepFailed;
  }

  /**
   * Runs a step on every rank at once and waits for every answer. The first failure aborts the other ranks; those
   * that do not answer within the grace are stopped; then the world is stopped and the failure thrown.
   */
  private <T> List<T> all(Phase phase, Step<T> step) throws StepFailed {
    if (stopped != null) {
      throw new StepFailed(new Failure(phase, null, stopped, null, false, true), null);
    }
    int n = ranks.size();
    CompletionService<T> done = new ExecutorCompletionService<>(threads);
    List<Future<T>> futures = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      int rank = r;
      futures.add(done.submit(() -> step.run(rank, ranks.get(rank).steps())));
    }
    List<T> answers = new ArrayList<>(java.util.Collections.nCopies(n, null));
    Failure[] failures = new Failure[n];
    Throwable[] causes = new Throwable[n];
    List<Integer> order = new ArrayList<>();
    long deadline = Long.MAX_VALUE;
    boolean killed = false;
    for (int left = n; left > 0; ) {
      Future<T> f;
      try {
        if (deadline == Long.MAX_VALUE) {
          f = done.take();
        } else {
          f = done.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        stopAll(-1);
        throw new StepFailed(new Failure(phase, null, "interrupted while the world's ranks ran " + phase.label(),
            null, false, true), e);
      }
      if (f == null) {
        if (killed) {
          break; // a rank whose process was stopped did not even say so: it is not waited for any longer
        }
        // The grace is over: the ranks still busy are stopped, which ends their steps with the loss.
        for (int r = 0; r < n; r++) {
          if (!futures.get(r).isDone()) {
            ranks.get(r).stop();
          }
        }
        killed = true;
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOPPED_WAIT_SECONDS);
        continue;
      }
      left--;
      int r = futures.indexOf(f);
      try {
        answers.set(r, f.get());
      } catch (ExecutionException e) {
        Throwable c = e.getCause();
        failures[r] = c instanceof StepFailed sf ? sf.failure()
            : new Failure(phase, null, Throwables.describe(c), Throwables.stackTrace(c), false, true);
        causes[r] = c instanceof StepFailed ? c.getCause() : c;
        order.add(r);
        if (deadline == Long.MAX_VALUE) {
          for (int o = 0; o < n; o++) {
            if (o != r && !futures.get(o).isDone()) {
              ranks.get(o).abort();
            }
          }
          deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_GRACE_SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (order.isEmpty()) {
      return answers;
    }
    int first = culprit(failures, order);
    stopAll(first);
    throw new StepFailed(combined(failures, order, first), causes[first]);
  }

  /** Every rank's process is stopped: after a fault, no rank of the world runs another step. */
  private void stopAll(int failedRank) {
    for (RankChannel r : ranks) {
      r.stop();
    }
    stopped = failedRank < 0 ? "the world's ranks were stopped"
        : "the world's ranks were stopped after " + (ranks.size() > 1 ? "rank " + failedRank : "its rank") + " failed";
  }

  /**
   * The rank to blame: the first to fail, except that a rank that ran out of time while it waited for the others is
   * not blamed where another rank failed too. The ranks of a world start a step together, so the one that hung and
   * those it kept waiting run out of time at the same moment.
   */
  private static int culprit(Failure[] failures, List<Integer> order) {
    return order.stream().filter(r -> !failures[r].description().contains(RankChannel.WAITING_FOR_PEERS))
        .findFirst().orElse(order.get(0));
  }

  /** The failure of the rank blamed, named by its rank, with what the other ranks said. */
  private Failure combined(Failure[] failures, List<Integer> order, int first) {
    List<Integer> rest = new ArrayList<>(order);
    rest.remove(Integer.valueOf(first));
    Failure f = failures[first];
    StringBuilder d = new StringBuilder(prefix(first)).append(f.description());
    for (int r : rest) {
      String other = failures[r].description();
      d.append("\n  then rank ").append(r).append(": ")
          .append(other.length() > 400 ? other.substring(0, 400) + "..." : other);
    }
    return new Failure(f.phase(), f.member(), d.toString(), f.stackTrace(), f.skip(), true);
  }

  private String prefix(int rank) {
    return ranks.size() > 1 ? "rank " + rank + ": " : "";
  }

  /** The telemetry of a world: rank 0's figures, every rank's clock, the shared flag over every device. */
  static final class WorldTelemetry {
    private WorldTelemetry() {}

    static Telemetry merge(List<Telemetry> ranks, List<BackendId> devices, List<Long> pids) {
      Telemetry t0 = ranks.get(0);
      if (t0 == null) {
        return null;
      }
      Set<Long> own = new LinkedHashSet<>(pids);
      own.add(ProcessHandle.current().pid());
      List<String> others = new ArrayList<>();
      Set<String> reasons = new LinkedHashSet<>(t0.throttleReasons());
      boolean throttled = false;
      List<Double> clocks = new ArrayList<>();
      for (int r = 0; r < ranks.size(); r++) {
        Telemetry t = ranks.get(r);
        clocks.add(t == null ? null : t.smClockMeanMhz());
        if (t == null) {
          continue;
        }
        throttled |= t.throttled();
        reasons.addAll(t.throttleReasons());
        for (String p : t.otherProcesses()) {
          if (!own.contains(pid(p))) {
            others.add(ranks.size() == 1 ? p : "rank " + r + " (" + devices.get(r) + "): " + p);
          }
        }
      }
      return new Telemetry(t0.intervalMillis(), t0.smClockMeanMhz(), t0.smClockMinMhz(), t0.smClockMaxMhz(),
          t0.powerMeanWatts(), t0.powerMaxWatts(), t0.temperatureMaxC(), List.copyOf(reasons), throttled,
          !others.isEmpty(), others, t0.timeline(), clocks);
    }

    /** The process id at the head of an entry {@code "1234 name"}, or -1. */
    static long pid(String entry) {
      String head = entry.strip().split("\\s+", 2)[0];
      try {
        return Long.parseLong(head);
      } catch (NumberFormatException e) {
        return -1;
      }
    }
  }
}
