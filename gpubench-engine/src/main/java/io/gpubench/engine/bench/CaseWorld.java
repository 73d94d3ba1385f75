package io.gpubench.engine.bench;

import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.WorldRank;
import java.util.concurrent.Callable;

/**
 * How the case a session runs meets the other ranks of its world: the engine's barrier around each trial, and the
 * waits for the peers (their joining, their work on the device), each marked with what it waits for, so that of two
 * ranks that ran out of time the one that kept the other waiting is named. A case of one device is no world: its
 * waits are plain.
 */
final class CaseWorld {
  private Runnable barrier = () -> {};
  // read by the engine's thread dump of a rank that ran out of time, from another thread than the waiting one
  private volatile String waitingFor;
  private WorldRank rank;

  /**
   * Sets the barrier the ranks meet at around each trial.
   *
   * @param barrier waits for the world's other ranks; throws when the world was aborted
   */
  void barrier(Runnable barrier) {
    this.barrier = barrier;
  }

  /**
   * What the rank waits for now.
   *
   * @return it, or null while the rank runs code of its own
   */
  String waitingFor() {
    return waitingFor;
  }

  /**
   * Enters the world of the case set up next.
   *
   * @param rank the case's rank in its world, or null for a case of one device
   */
  void enter(WorldRank rank) {
    this.rank = rank;
  }

  /**
   * Whether the case runs as a rank of a world.
   *
   * @return true for a world's rank
   */
  boolean inWorld() {
    return rank != null;
  }

  /**
   * Runs a wait of a rank of a world, marked as waiting for its peers.
   *
   * @param what what it waits for, as the thread dump names it
   * @param wait the wait
   * @param <T> what the wait returns
   * @return what it returned
   * @throws Exception what it threw
   */
  <T> T waiting(String what, Callable<T> wait) throws Exception {
    if (!inWorld()) {
      return wait.call();
    }
    waitingFor = what;
    try {
      return wait.call();
    } finally {
      waitingFor = null;
    }
  }

  /**
   * Waits for the case's work on the device: in a world, for the peers' too.
   *
   * @param session the case's backend session
   * @throws Exception what the session threw
   */
  void synchronize(BackendSession session) throws Exception {
    waiting("their work on the device (a synchronise)", () -> {
      session.synchronize();
      return null;
    });
  }

  /**
   * One trial of a world, as the kernel harness of the seeds times it: (synchronised already) barrier, start, the
   * calls, synchronise, barrier, stop. The device time is the clock's around the calls alone; the host time runs from
   * the first barrier to the second, so that it is the world's time, the slowest rank's.
   *
   * @param clock the case's clock
   * @param calls the trial's calls
   * @return the trial's times
   * @throws Throwable what a call, the clock or the barrier threw
   */
  TrialClock.TrialTime trial(TrialClock clock, TrialCalls calls) throws Throwable {
    waiting("the engine's barrier", () -> {
      barrier.run();
      return null;
    });
    long start = System.nanoTime();
    clock.start();
    calls.run();
    TrialClock.TrialTime t = waiting("their work on the device (the end of a trial)", clock::stop);
    waiting("the engine's barrier", () -> {
      barrier.run();
      return null;
    });
    return new TrialClock.TrialTime(System.nanoTime() - start, t.deviceNanos());
  }
}
