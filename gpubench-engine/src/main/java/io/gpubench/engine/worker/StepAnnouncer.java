package io.gpubench.engine.worker;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Tells the engine that a later step of a batch started, once it has run {@value #AFTER_MILLIS} ms: the engine's time
 * limit is a step's and counts from the last step it was told of, so a step it learns of this late runs at most about
 * this much past its limit, and a step that ends sooner costs no frame ({@link StepMarker} says which step a lost
 * worker was in).
 *
 * <p>One thread of its own, which sleeps until a batch's later step starts and then until that step's time is due
 * (steps started meanwhile move the time on): two wake-ups a batch. A timer task per step woke its thread as each
 * was scheduled and again when the cancelled task's time came, some 16 wake-ups a case of an empty call, most of
 * them on the other core while later cases were timed.
 */
final class StepAnnouncer {
  /** How long a step runs before the engine is told of it. */
  static final long AFTER_MILLIS = 20;

  /** Writes the announcement of a step; runs under the announcer's lock. */
  @FunctionalInterface
  interface Say {
    /**
     * Writes it.
     *
     * @param step the step's index in its batch
     */
    void started(int step);
  }

  private final Object lock = new Object();
  private final Say say;
  // the later step under way and not yet announced (-1: none), and when it started; guarded by lock
  private int pending = -1;
  private long since;
  // whether the thread sleeps with nothing pending: only then does a step's start wake it
  private volatile boolean idle;
  private final Thread thread;

  /**
   * Starts the announcer's thread.
   *
   * @param say writes an announcement
   */
  StepAnnouncer(Say say) {
    this.say = say;
    this.thread = new Thread(this::loop, "gpubench-announcer");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * A later step of the batch under way started.
   *
   * @param step its index in the batch
   */
  void started(int step) {
    synchronized (lock) {
      pending = step;
      since = System.nanoTime();
    }
    if (idle) {
      LockSupport.unpark(thread);
    }
  }

  /**
   * Runs the batch's reply with nothing left to announce: no announcement of a batch's steps may follow its replies.
   *
   * @param reply writes the replies
   * @throws java.io.IOException what writing threw
   */
  void replying(IoAction reply) throws java.io.IOException {
    synchronized (lock) {
      pending = -1;
      reply.run();
    }
  }

  /** An action that writes to the engine. */
  @FunctionalInterface
  interface IoAction {
    /**
     * Runs it.
     *
     * @throws java.io.IOException what writing threw
     */
    void run() throws java.io.IOException;
  }

  private void loop() {
    long after = TimeUnit.MILLISECONDS.toNanos(AFTER_MILLIS);
    while (true) {
      long wait;
      synchronized (lock) {
        wait = pending < 0 ? -1 : since + after - System.nanoTime();
        if (pending >= 0 && wait <= 0) {
          say.started(pending);
          pending = -1;
          continue;
        }
      }
      if (wait > 0) {
        LockSupport.parkNanos(wait);
        continue;
      }
      idle = true;
      // a step that started after the check above either sees idle and wakes the thread, or is seen here
      synchronized (lock) {
        if (pending >= 0) {
          idle = false;
          continue;
        }
      }
      LockSupport.park();
      idle = false;
    }
  }
}
