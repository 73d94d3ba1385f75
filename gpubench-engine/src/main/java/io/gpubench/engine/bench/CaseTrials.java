package io.gpubench.engine.bench;

import io.gpubench.api.CacheMode;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.memory.HostMemoryMeter;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.TrialStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The timed trials of the case a session runs: their calls, the host-memory meter and contention probe around each,
 * and how they were timed. The steps' failures are the session's to report.
 */
final class CaseTrials {
  private final CaseResources c;
  private final CaseWorld world;
  private final WarmupRounds warmup;
  private CpuContention contention;
  private TrialCalls trialCalls;
  private HostMemoryMeter hostMemory;
  private int callsPerTrial;
  // the engine's stopping rule run on this case's trials, where it asks for trials until the rule decides
  private TrialStream stream;
  // every trial since the trials started, for a stream started after the first batch: it takes them first
  private final List<Measured> measured = new ArrayList<>();

  /** A trial as the stream takes it. */
  private record Measured(TrialClock.TrialTime time, TrialConditions seen, double batch) {}

  /**
   * Makes the trials of a session's cases.
   *
   * @param c what the case holds
   * @param world how the case meets the other ranks of its world
   * @param warmup the untimed calls before them, for the calls per trial the engine leaves to the runner
   */
  CaseTrials(CaseResources c, CaseWorld world, WarmupRounds warmup) {
    this.c = c;
    this.world = world;
    this.warmup = warmup;
  }

  /** Forgets the last case's host-memory meter. */
  void reset() {
    hostMemory = null;
  }

  /**
   * The host-memory meter of the case's trials.
   *
   * @return it, or null before they started
   */
  HostMemoryMeter hostMemory() {
    return hostMemory;
  }

  /**
   * Starts the trials: their calls, the batch trials beside them, telemetry, the host-memory meter and, where no
   * telemetry can tell a slowed trial, the contention probe.
   *
   * @param plan the engine's plan
   * @return the calls per trial and of the batch trials
   * @throws Throwable what starting threw
   */
  Steps.Started start(Steps.TrialsPlan plan) throws Throwable {
    int asked = plan.callsPerTrial();
    if (asked < 0) {
      throw new IllegalArgumentException("calls per trial " + asked + ": at least 1, or 0 for the warm-up's");
    }
    int callsPerTrial = asked > 0 ? asked : warmup.callsPerTrial();
    trialCalls = c.trialCalls(callsPerTrial);
    this.callsPerTrial = callsPerTrial;
    stream = null;
    measured.clear();
    c.batch = null;
    if (!warmup.hostClock() && !world.inWorld() && plan.batchCalls() != 0) {
      c.batch = BatchTrials.start(c.session, c.clock, callsPerTrial, plan.batchCalls(), c.keptLoop());
    }
    c.telemetry = c.session.startTelemetry();
    hostMemory = HostMemoryMeter.start();
    // Host-timed trials (the CPU's) have no telemetry to tell a slowed trial by: the probe does.
    contention = c.clock.deviceClock().isEmpty() && !world.inWorld() ? CpuContention.ofThisJvm() : null;
    if (contention != null) {
      contention.prime();
    }
    return new Steps.Started(callsPerTrial, c.batch == null ? 0 : c.batch.count());
  }

  // Looked up once: the platform's lookup builds its list of beans on every call, twice a trial here, and was among
  // the worker's late C2 compilations (40 ms) that a warm-up of a case then waited for.
  private static final java.lang.management.ThreadMXBean THREADS =
      java.lang.management.ManagementFactory.getThreadMXBean();

  /** This thread's CPU time, or -1 where the JVM cannot read it. */
  private static long threadCpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /**
   * Times trials, each with the conditions it ran under: a count of them, or until the engine's stopping rule, run
   * here on the same figures the engine will see, decides (or the request's slice of time is spent: the engine asks
   * again, and the rule goes on from where it was).
   *
   * @param ask how many, or until what
   * @return their times
   * @throws Throwable what a call threw
   */
  Steps.TrialBatch trials(Steps.TrialsAsk ask) throws Throwable {
    if (ask.count() < 1) {
      throw new IllegalArgumentException("trials asked for: " + ask.count() + ", at least 1");
    }
    if (ask.until() != null) {
      if (stream == null) {
        // the engine's series took the trials measured before it asked until the rule decides: so does this one
        stream = new TrialStream(ask.until(), callsPerTrial, c.batch == null ? 0 : c.batch.count());
        for (Measured m : measured) {
          stream.add(m.time(), m.seen(), m.batch());
        }
      } else if (!stream.terms().equals(ask.until())) {
        throw new IllegalArgumentException("the stopping rule changed within a case's trials: " + stream.terms()
            + ", then " + ask.until());
      }
      if (stream.decided()) {
        throw new IllegalStateException("trials asked for after this runner's stopping rule decided ("
            + stream.decision().detail() + "): the engine and the worker disagree on the rule");
      }
    }
    int count = ask.count();
    long begin = System.nanoTime();
    long sliceEnd = begin + (long) (ask.sliceSeconds() * 1e9);
    List<TrialClock.TrialTime> times = new ArrayList<>(Math.min(count, 256));
    List<TrialConditions> conditions = new ArrayList<>(Math.min(count, 256));
    List<Double> batches = new ArrayList<>(c.batch != null ? Math.min(count, 256) : 0);
    boolean anyConditions = false;
    int made = 0;
    while (made < count) {
      if (c.spec.cache() == CacheMode.COLD) {
        c.session.flushCache();
      }
      world.synchronize(c.session);
      long cpuStart = contention != null ? threadCpuNanos() : -1;
      // Right around the clock: the contention probe's own reads allocate (816 B each on JDK 17).
      hostMemory.beforeTrial();
      long start = System.nanoTime();
      TrialClock.TrialTime t = world.inWorld() ? world.trial(c.clock, trialCalls) : c.clock.time(trialCalls);
      c.releaseKept(callsPerTrial);
      double batch = Double.NaN;
      if (c.batch != null) {
        batch = c.batch.time(c.session, c.spec.cache() == CacheMode.COLD);
        batches.add(batch);
      }
      long end = System.nanoTime();
      hostMemory.afterTrial(callsPerTrial);
      long cpuEnd = contention != null ? threadCpuNanos() : -1;
      times.add(t);
      made++;
      TrialConditions seen = c.telemetry.during(start, end).orElse(null);
      if (seen == null && contention != null) {
        seen = contention.afterTrial(end - start, cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart);
      }
      anyConditions |= seen != null;
      conditions.add(seen);
      measured.add(new Measured(t, seen, batch));
      if (stream != null && (stream.add(t, seen, batch) || System.nanoTime() - sliceEnd >= 0)) {
        break;
      }
    }
    JitThresholds.count(c.loop.getClass(), made, (long) made * callsPerTrial);
    return new Steps.TrialBatch(times, anyConditions ? conditions : List.of(), batches,
        (System.nanoTime() - begin) / 1e9, stream != null && stream.decided());
  }

  /**
   * Ends the trials: stops telemetry and says how they were timed.
   *
   * @return the clock, its mode and why, and the telemetry
   * @throws Throwable what stopping threw
   */
  Steps.TrialsEnded end() throws Throwable {
    var seen = c.telemetry.stop().orElse(null);
    c.telemetry = null;
    String deviceClock = c.clock.deviceClock().isEmpty() ? null : c.clock.deviceClock();
    String reason = world.inWorld() && deviceClock != null
        ? "a world's trial: every rank synchronises, meets the engine's barrier, starts, makes its calls,"
            + " synchronises and meets the barrier again; device time from rank 0's clock around its calls, host"
            + " time from the first barrier to the second"
        : c.clock.modeReason();
    return new Steps.TrialsEnded(deviceClock, c.clock.mode(), reason, seen);
  }
}
