package io.gpubench.engine.bench;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.CallsPerTrial;

/**
 * The batch figure of a case's trials, as nvbench's "Batch GPU": where the device times calls apart from their launch
 * (graph or blocked trials) and a call is short, each trial is followed by a batch trial of more calls back to back,
 * timed by a clock of its own in the same mode (its own captured graph), so that what a one-call trial pays per call
 * (a graph's launch, the event pair) is spread over the batch. The count is decided from one untimed trial
 * ({@link CallsPerTrial#batch}), which also settles the single-call clock's mode (its probe, its capture).
 */
final class BatchTrials {

  /** The trial loop as the batch uses it: calls made with room for what they keep, released after the clock. */
  interface Loop {
    /**
     * The calls of a trial of {@code n} calls.
     *
     * @param n the calls
     * @return them
     */
    TrialCalls calls(int n);

    /**
     * Releases what the last {@code n} calls kept.
     *
     * @param n the calls
     */
    void release(int n);
  }

  private final TrialClock clock;
  private final TrialCalls calls;
  private final int count;
  private final Loop loop;

  private BatchTrials(TrialClock clock, TrialCalls calls, int count, Loop loop) {
    this.clock = clock;
    this.calls = calls;
    this.count = count;
    this.loop = loop;
  }

  /**
   * The batch of a case's trials, after one untimed single-call trial.
   *
   * @param session the case's backend session
   * @param single the single-call clock
   * @param callsPerTrial the single-call trial's calls
   * @param asked {@link Steps.TrialsPlan#AUTO_BATCH} for the engine's rule, else the count an earlier fork used
   * @param loop the trial loop
   * @return the batch, or null where the case gets none (events mode, a host clock, a call of 50 µs or more)
   * @throws Throwable what a call threw
   */
  static BatchTrials start(BackendSession session, TrialClock single, int callsPerTrial, int asked, Loop loop)
      throws Throwable {
    session.synchronize();
    TrialClock.TrialTime probe = single.time(loop.calls(callsPerTrial));
    loop.release(callsPerTrial);
    DeviceTiming mode = single.mode();
    if (mode != DeviceTiming.GRAPH && mode != DeviceTiming.BLOCKED || Double.isNaN(probe.deviceNanos())) {
      return null;
    }
    int n = asked == Steps.TrialsPlan.AUTO_BATCH ? CallsPerTrial.batch(probe.deviceNanos() / callsPerTrial) : asked;
    if (n == 0) {
      return null;
    }
    BatchTrials b = new BatchTrials(session.clock(mode), loop.calls(n), n, loop);
    // Its first trial settles its clock as the first trial settled the single-call clock: untimed.
    session.synchronize();
    b.clock.time(b.calls);
    loop.release(n);
    return b;
  }

  /**
   * The calls of each batch trial.
   *
   * @return the count
   */
  int count() {
    return count;
  }

  /**
   * Times one batch trial, right after a single-call trial.
   *
   * @param session the case's backend session
   * @param cold whether the last-level cache is flushed first
   * @return the batch's device time, for all its calls
   * @throws Throwable what a call threw
   */
  double time(BackendSession session, boolean cold) throws Throwable {
    if (cold) {
      session.flushCache();
    }
    session.synchronize();
    double nanos = clock.time(calls).deviceNanos();
    loop.release(count);
    return nanos;
  }
}
