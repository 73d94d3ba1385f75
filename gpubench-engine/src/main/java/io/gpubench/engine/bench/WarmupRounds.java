package io.gpubench.engine.bench;

import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.CallsPerTrial;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The untimed calls of the case a session runs, from its checked call to the trials: the warm-up calls compared with
 * the checked call, and the settle rounds through the trial loop until the code is steady, each with the JIT's
 * activity around it. What they measured (the seconds spent, the time of a call) picks the calls per trial when the
 * engine leaves them to the runner. The steps' failures are the session's to report.
 */
final class WarmupRounds {
  private final CaseResources c;
  private final CaseWorld world;
  private final JitActivity jit = new JitActivity();
  private int rounds;
  // what the untimed calls so far measured, for the warm-up's first round and the engine's calls per trial
  private double spentSeconds;
  private double perCallNanos;
  private int settledCalls;

  /**
   * Makes the rounds of a session's cases.
   *
   * @param c what the case holds
   * @param world how the case meets the other ranks of its world
   */
  WarmupRounds(CaseResources c, CaseWorld world) {
    this.c = c;
    this.world = world;
  }

  /** Compiles the code that reads the JIT's activity, so that its own compilation does not read as the workload's. */
  void primeJitReadings() {
    jit.prime();
  }

  /** Forgets what the last case's untimed calls measured. */
  void reset() {
    spentSeconds = 0;
    perCallNanos = Double.NaN;
    settledCalls = 0;
  }

  /**
   * Counts the checked call, the first untimed call.
   *
   * @param nanos how long it took
   */
  void checkedCall(double nanos) {
    spentSeconds = nanos / 1e9;
    perCallNanos = nanos;
  }

  /**
   * Makes warm-up calls, each compared with the checked call's output where there is one.
   *
   * @param calls how many
   * @param checked the checked call's output, or null for none
   * @return their times and agreement
   * @throws Throwable what a call threw
   */
  Steps.Warmed warmup(int calls, Tensor checked) throws Throwable {
    List<Double> times = new ArrayList<>(calls);
    List<ErrorStats> agreement = new ArrayList<>();
    long begin = System.nanoTime();
    JitActivity.Mark before = jit.mark();
    for (int i = 0; i < calls; i++) {
      if (checked != null) {
        c.ctx.outputs().forEach(c.ops::poison);
      }
      long start = System.nanoTime();
      Object out = c.workload.call(c.ctx);
      world.synchronize(c.session);
      times.add((double) (System.nanoTime() - start));
      if (checked != null) {
        agreement.add(c.ops.compare(c.output(out), checked, c.request.range()));
      }
      c.ops.release(out);
    }
    JitActivity.Mark after = jit.mark();
    Steps.Warmed w = new Steps.Warmed(times, agreement, after.compiledMillisSince(before),
        after.compilerCpuMillisSince(before), (System.nanoTime() - begin) / 1e9);
    spentSeconds += w.seconds();
    if (!times.isEmpty()) {
      double[] sorted = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      perCallNanos = io.gpubench.engine.statistics.SampleStatistics.percentile(sorted, 0.5);
    }
    return w;
  }

  /** Whether the host clock times the trials: then the engine's rule picks the calls per trial it is left. */
  boolean hostClock() {
    return c.clock.deviceClock().isEmpty();
  }

  /** The calls per trial of the engine's rule, from the untimed calls so far: about 100 µs on the host clock. */
  private int ruleCalls() {
    return hostClock() && !world.inWorld() ? CallsPerTrial.auto(perCallNanos) : 1;
  }

  /**
   * The calls per trial the trials make when the engine asks for none: those the settle rounds settled on, or the
   * engine's rule's.
   *
   * @return them
   */
  int callsPerTrial() {
    return settledCalls > 0 ? settledCalls : ruleCalls();
  }

  /**
   * Runs settle rounds until the code is steady or the cap is spent.
   *
   * @param plan the engine's plan
   * @return how they ended
   * @throws Throwable what a call threw
   */
  Steps.Settled settle(Steps.SettlePlan plan) throws Throwable {
    jit.refresh();
    Class<?> loopClass = c.loop.getClass();
    boolean auto = plan.callsPerTrial() == 0 && hostClock() && !world.inWorld();
    int start = plan.callsPerTrial() > 0 ? plan.callsPerTrial() : ruleCalls();
    double perCall = Double.isNaN(perCallNanos) ? 0 : perCallNanos;
    Steps.Settled s = SteadyWarmup.run(new Steps.SettleRequest(plan.capSeconds(), spentSeconds, perCall, start,
        auto, plan.reserve()), this::round, JitThresholds.ofThisVm(), () -> JitThresholds.counts(loopClass),
        this::awaitJit);
    settledCalls = s.callsPerTrial();
    if (!s.steady() && plan.capBy() != null) {
      s = new Steps.Settled(s.rounds(), false, s.detail() + " (the cap: " + plan.capBy() + ")", s.seconds(),
          s.calls(), s.callsPerTrial(), false);
    }
    return s;
  }

  /** One round of warm-up: batches through the trial loop, each timed, with the JIT's activity around them. */
  private Steps.Round round(int batches, int callsPerBatch, long deadlineNanos) throws Throwable {
    if (++rounds % 16 == 0) {
      jit.refresh();
    }
    double[] times = new double[batches];
    c.ensureKept(callsPerBatch);
    long begin = System.nanoTime();
    JitActivity.Mark before = jit.mark();
    int made = 0;
    while (made < batches) {
      c.session.synchronize();
      long start = System.nanoTime();
      c.run(callsPerBatch);
      c.session.synchronize();
      long end = System.nanoTime();
      times[made++] = (double) (end - start) / callsPerBatch;
      c.releaseKept(callsPerBatch);
      if (end - deadlineNanos > 0) {
        break;
      }
    }
    JitThresholds.count(c.loop.getClass(), made, (long) made * callsPerBatch);
    JitActivity.Mark after = jit.mark();
    int runnable = jit.runnableCompilers();
    Arrays.sort(times, 0, made);
    double median = made % 2 == 1 ? times[made / 2] : (times[made / 2 - 1] + times[made / 2]) / 2;
    return new Steps.Round(made, callsPerBatch, median, after.compiledMillisSince(before),
        after.compilerCpuMillisSince(before), runnable, (System.nanoTime() - begin) / 1e9);
  }

  /**
   * Parks the bench thread while a compiler thread is runnable, polling every {@value #JIT_POLL_NANOS} ns, until none
   * is, the deadline, or {@value #MAX_JIT_WAIT_SECONDS} s (the rounds then go on and ask again).
   */
  private SteadyWarmup.Pause awaitJit(long deadlineNanos) {
    long begin = System.nanoTime();
    long until = begin + (long) (MAX_JIT_WAIT_SECONDS * 1e9);
    JitActivity.Mark before = jit.mark();
    while (jit.runnableCompilers() > 0) {
      long now = System.nanoTime();
      if (now - deadlineNanos >= 0 || now - until >= 0) {
        break;
      }
      LockSupport.parkNanos(JIT_POLL_NANOS);
    }
    JitActivity.Mark after = jit.mark();
    return new SteadyWarmup.Pause((System.nanoTime() - begin) / 1e9, after.compiledMillisSince(before),
        after.compilerCpuMillisSince(before));
  }

  /** How often a wait for the JIT looks at its threads. */
  static final long JIT_POLL_NANOS = 200_000;

  /** The longest single wait for the JIT. */
  static final double MAX_JIT_WAIT_SECONDS = 0.25;
}
