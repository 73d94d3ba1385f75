package io.gpubench.engine.bench;

import io.gpubench.api.result.WarmupEnd;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.CallsPerTrial;
import io.gpubench.engine.statistics.Decimals;
import io.gpubench.engine.statistics.ForkAgreement;
import io.gpubench.engine.statistics.StoppingRule;
import io.gpubench.engine.statistics.WarmupRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Locale;

/**
 * The rounds of warm-up until steady, run in the runner's process, round after round, with no protocol code between
 * them (that code's compilation would read as the workload's). Rounds start at {@value #ROUND_MIN_SECONDS} s
 * ({@value #ROUND_MIN_COMPILED_SECONDS} s where the trial loop was due for C2 already) and grow
 * with the warm-up, to half of the time spent so far and at most {@value #ROUND_MAX_SECONDS} s: a case already steady
 * (a workload the worker ran at another shape) is done in a few milliseconds, while the rounds of a kernel that waits
 * for C2 grow long enough to span a compilation. The {@link WarmupRule} decides after each round. A round never runs
 * past the cap by more than the batch under way, so that the warm-up fits the runner's time limit of a step.
 *
 * <p>Before each round it asks whether the trial loop has been run often enough for C2 to compile it
 * ({@link JitThresholds}; the counts are the loop's in this JVM, other cases of the workload included): until then a
 * steady time proves nothing. It waits for that only while the thresholds are within {@value #JIT_REACH_SECONDS} s
 * of warm-up at the pace of the last round: a loop of millisecond calls would need minutes, and its call overhead
 * does not matter at that length; the detail says which.
 *
 * <p>Where the loop was due before the first round, a round that ends with a compiler thread runnable is followed by
 * a wait, the bench thread parked, until none is ({@link JitWait}): such a loop needs no round to trigger its
 * compilation, and what compiles is mostly other code (a fresh worker's harness, over its first hundreds of cases).
 * The wait's time counts against the cap but not in the rounds' growth, and its compilation counts as the next
 * round's, so that the rule still needs its quiet rounds after it and a case that compiled is steady at once only if
 * its calls ran as fast at once. 1,000 cases of an empty call spent 20.4 s in warm-up without the wait, 6.6 s with
 * it (2-vCPU VM, 2026-12-06): rounds grown beside a compilation needed more rounds to show it over.
 *
 * <p>Within a budget, the warm-up leaves the case's fewest trials their time ({@link Steps.Reserve}): its cap is
 * lowered, round by round, to the budget less that many trials at the latest time a trial takes, and never below
 * {@value #MIN_CAP_SHARE} of the plan's cap.
 *
 * <p>Where the engine picks the calls per trial, a few batches size them before the first round (until a batch
 * lasts half a trial), and they follow the time per call round by round ({@link CallsPerTrial#auto}).
 */
final class SteadyWarmup {
  /** The first rounds' length: five trials of the engine's length. */
  static final double ROUND_MIN_SECONDS = 0.0005;

  /**
   * The first rounds' length where the trial loop was due for C2 before the first round (the workload's earlier cases
   * in this JVM ran it): two trials of the engine's length. Such a case is usually steady at once, and its three
   * rounds are most of what it costs beyond its trials.
   */
  static final double ROUND_MIN_COMPILED_SECONDS = 0.0002;

  /** The longest round. */
  static final double ROUND_MAX_SECONDS = 0.25;

  /** A round lasts this share of the warm-up so far. */
  static final double ROUND_GROWTH = 0.5;

  /** The least share of the plan's cap a reserve for the fewest trials leaves the warm-up. */
  static final double MIN_CAP_SHARE = 0.5;

  /** The most batches that size the engine's calls per trial before the first round. */
  static final int MAX_SIZING_BATCHES = 6;

  /** The most batches in one round. */
  static final int MAX_BATCHES = 100_000;

  /** The most seconds of warm-up, so far plus still to go, that waiting for C2's thresholds may take. */
  static final double JIT_REACH_SECONDS = 3.0;

  /** Makes one round: batches of calls through the trial loop, timed. */
  @FunctionalInterface
  interface Rounds {
    /**
     * Makes a round.
     *
     * @param batches how many batches
     * @param callsPerBatch calls in each
     * @param deadlineNanos when to stop after the batch under way, on {@link System#nanoTime()}: the cap
     * @return the round's figures, with the batches made
     * @throws Throwable what a call threw
     */
    Steps.Round make(int batches, int callsPerBatch, long deadlineNanos) throws Throwable;
  }

  /**
   * Waits, the bench thread parked, while the JIT's compiler threads are runnable: a trial loop compiled before needs
   * no round to trigger a compilation, and a round timed beside a compilation of other code (the harness's own, on a
   * fresh worker: hundreds of them over its first cases) can only show the JIT as busy. On two cores a round and a
   * compilation each held a core; the rounds grew to span the compilation and then needed more rounds to show it
   * over, a few times the compilation's own time.
   */
  @FunctionalInterface
  interface JitWait {
    /**
     * Waits until no compiler thread is runnable, or the deadline.
     *
     * @param deadlineNanos when to stop waiting anyway, on {@link System#nanoTime()}
     * @return what the JIT did meanwhile
     */
    Pause await(long deadlineNanos);
  }

  /**
   * A wait for the JIT between rounds.
   *
   * @param seconds how long it lasted
   * @param compilationMillis compilation time that ended meanwhile, or -1 where unknown
   * @param compilerCpuMillis CPU time of the compiler threads meanwhile, or -1 where unknown
   */
  record Pause(double seconds, double compilationMillis, double compilerCpuMillis) {
    /** No wait. */
    static final Pause NONE = new Pause(0, 0, 0);

    /**
     * A round with this pause's JIT activity and time added: the rule and the steady-at-once test then see a
     * compilation made while the bench thread waited as one made during the round after it.
     */
    Steps.Round before(Steps.Round r) {
      if (seconds == 0) {
        return r;
      }
      return new Steps.Round(r.batches(), r.callsPerBatch(), r.perCallNanos(),
          sum(r.compilationMillis(), compilationMillis), sum(r.compilerCpuMillis(), compilerCpuMillis),
          r.runnableCompilers(), r.seconds() + seconds);
    }

    private static double sum(double a, double b) {
      return a < 0 || b < 0 ? -1 : a + b;
    }
  }

  private SteadyWarmup() {}

  /** The runs and calls a trial loop has made so far in this JVM. */
  @FunctionalInterface
  interface LoopCounts {
    /**
     * Reads them.
     *
     * @return runs, calls
     */
    long[] read();
  }

  /**
   * Warms up until steady or the cap, waiting for the JIT between the rounds of a trial loop compiled before.
   *
   * @param request the cap, the time so far and the calls per trial
   * @param rounds makes the rounds
   * @param thresholds when C2 compiles a trial loop
   * @param counts the loop's runs and calls so far
   * @param jitWait waits while the JIT compiles
   * @return the rounds and how they ended
   * @throws Throwable what a call threw
   */
  static Steps.Settled run(Steps.SettleRequest request, Rounds rounds, JitThresholds thresholds, LoopCounts counts,
      JitWait jitWait) throws Throwable {
    List<Steps.Round> made = new ArrayList<>();
    double spent = request.spentSeconds();
    long begin = System.nanoTime();
    long deadline = begin + (long) (Math.max(0, request.capSeconds() - spent) * 1e9);
    double seconds = 0;
    long calls = 0;
    double perCall = request.perCallNanos();
    // A batch's whole time, its share of collections and the timing around it included: what sizes a round.
    double batchNanos = perCall * request.callsPerTrial();
    int callsPerTrial = request.callsPerTrial();
    // What each round knew of the trial loop's compilation, as figures: words are made only for the decision, so
    // that no formatting code runs (and compiles) between rounds.
    List<LoopState> loopStates = new ArrayList<>();
    long[] start = counts.read();
    boolean compiledBefore = thresholds.reached(start[0], start[1]);
    WarmupRule rule = new WarmupRule(request.capSeconds(), compiledBefore);
    double roundMin = compiledBefore ? ROUND_MIN_COMPILED_SECONDS : ROUND_MIN_SECONDS;
    // the waits for the JIT since the last round, and all of them: they count against the cap, not in a round's size
    Pause pending = Pause.NONE;
    double paused = 0;
    if (request.autoCalls()) {
      // Size the batches before the first round. The count starts from the untimed calls' time, a first call's for
      // the most part, which for a quick call is many times its steady time (an empty call: 5 µs against 0.15 ns), so
      // the first rounds' counts would still be following the time per call, and rounds of different counts cannot
      // show a case steady at once.
      for (int i = 0; i < MAX_SIZING_BATCHES && System.nanoTime() - deadline < 0; i++) {
        Steps.Round r = rounds.make(1, callsPerTrial, deadline);
        seconds += r.seconds();
        calls += callsPerTrial;
        perCall = r.perCallNanos();
        boolean longEnough = perCall * callsPerTrial >= CallsPerTrial.TRIAL_NANOS / 2;
        callsPerTrial = CallsPerTrial.auto(perCall);
        if (longEnough) {
          break;
        }
      }
      batchNanos = perCall * callsPerTrial;
    }
    Steps.Reserve reserve = request.reserve();
    boolean reserved = false;
    while (true) {
      if (reserve.trials() > 0) {
        // the trials the budget must still hold, at the time a trial takes now; never below half the plan's cap: a
        // budget too small for the fewest trials gets half a warm-up rather than none
        double cap = Math.max(MIN_CAP_SHARE * request.capSeconds(),
            reserve.budgetSeconds() - reserve.trials() * batchNanos * 1e-9);
        if (cap < rule.capSeconds()) {
          rule.lowerCap(cap);
          reserved = true;
          deadline = begin + (long) (Math.max(0, cap - spent) * 1e9);
        }
      }
      double target = Math.min(ROUND_MAX_SECONDS, Math.max(roundMin, ROUND_GROWTH * (spent + seconds - paused)));
      int batches = (int) Math.max(1, Math.min(MAX_BATCHES, Math.round(target * 1e9 / Math.max(1, batchNanos))));
      long[] before = counts.read();
      boolean reached = thresholds.reached(before[0], before[1]);
      double away = reached ? 0 : thresholds.runsToGo(before[0], before[1], callsPerTrial) * batchNanos / 1e9;
      boolean due = reached || spent + seconds + away > Math.min(JIT_REACH_SECONDS, rule.capSeconds());
      loopStates.add(new LoopState(before[0], before[1], reached, due, away, callsPerTrial));
      Steps.Round timed = rounds.make(batches, callsPerTrial, deadline);
      Steps.Round r = pending.before(timed);
      pending = Pause.NONE;
      made.add(r);
      seconds += timed.seconds();
      calls += (long) r.batches() * r.callsPerBatch();
      perCall = r.perCallNanos();
      batchNanos = timed.seconds() * 1e9 / timed.batches();
      var round = new WarmupRule.Round(r.perCallNanos(), r.compilationMillis(), r.compilerCpuMillis(),
          r.runnableCompilers(), r.seconds(), due);
      // a round the deadline cut short is the cap's end, not a round to compare
      var decision = timed.batches() < batches ? Optional.of(rule.addCut(round, spent + seconds))
          : rule.add(round, spent + seconds);
      if (decision.isEmpty() && compiledBefore && r.runnableCompilers() > 0) {
        pending = jitWait.await(deadline);
        seconds += pending.seconds();
        paused += pending.seconds();
      }
      if (request.autoCalls()) {
        int next = CallsPerTrial.auto(perCall);
        batchNanos *= (double) next / callsPerTrial;
        callsPerTrial = next;
      }
      if (decision.isPresent()) {
        int n = loopStates.size();
        LoopState quoted = decision.get().end() == WarmupEnd.STEADY ? loopStates.get(n - WarmupRule.WINDOW)
            : loopStates.get(n - 1);
        String detail = decision.get().detail() + "; " + quoted.words(thresholds);
        if (reserved && decision.get().end() == WarmupEnd.CAP) {
          detail += String.format(Locale.ROOT, "; the cap lowered to %.3g s to leave the %d fewest trials (%.3g ms"
              + " each) their time in the fork's budget of %.3g s", rule.capSeconds(), reserve.trials(),
              batchNanos * 1e-6, reserve.budgetSeconds());
        }
        boolean steady = decision.get().end() == WarmupEnd.STEADY;
        boolean atOnce = steady && atOnce(made, loopStates.get(0).reached());
        return new Steps.Settled(made, steady, detail, seconds, calls, callsPerTrial, atOnce);
      }
    }
  }

  /**
   * Whether a steady warm-up was steady at once: the trial loop was compiled before the first round (another case of
   * the workload compiled it in this JVM), and either the JIT's compiler threads stayed quiet through the rounds (at
   * most {@link WarmupRule#QUIET_SHARE} of their time: the code the trials time is the code the loop had before the
   * warm-up) or one of the first rounds ran as fast as the last ({@link #asFastAtOnce}: whatever compiled, it did not
   * make this code faster by a difference a second fork would report). Either way a second JVM would find no other
   * outcome of the code than the workload's earlier cases did. The times alone called some 260 of 1,000 cases of an
   * empty call not steady at once on a busy 2-core machine (a first round 3% slower than the last, with nothing
   * compiled), and each took a second fork.
   */
  private static boolean atOnce(List<Steps.Round> made, boolean compiledBefore) {
    if (!compiledBefore) {
      return false;
    }
    double compilerMillis = 0;
    double seconds = 0;
    for (Steps.Round r : made) {
      if (r.compilerCpuMillis() < 0) {
        return asFastAtOnce(made);
      }
      compilerMillis += r.compilerCpuMillis();
      seconds += r.seconds();
    }
    return compilerMillis <= WarmupRule.QUIET_SHARE * seconds * 1e3 || asFastAtOnce(made);
  }

  /**
   * Whether one of the first rounds ran as fast as the last (the first with the last round's calls per batch, within
   * 10% of them: until the engine's calls per trial have followed the time per call, a round's time per call holds
   * more of a batch's own cost). "As fast" is the forks' own measure: the two times differ by less than
   * {@link ForkAgreement#MIN_RATIO}, the least ratio that counts as forks disagreeing; a second fork is measured to
   * find another outcome of the code, and a change smaller than that would not be called one. The warm-up's own
   * 2% (its {@link WarmupRule#FALL}) is a test of a trend over rounds, not of one round of two batches: with
   * nothing compiled, the first round of a case of an empty call ran more than 2% slower than the last in 181 of 745
   * cases (its first batch after the protocol's steps, with cold caches), and where anything compiled in the worker
   * meanwhile (the harness's own code, most of the time) each such case took a second fork (70 of 1,062 cases, some
   * 13 ms each; 22 with this measure). Times that differ by less than the harness resolves
   * ({@link StoppingRule#belowResolution}) are as fast, whatever their ratio: an empty call's rounds read 0.20 to
   * 0.33 ns a call on a 2-vCPU VM whose pace moves with the host's (forks, too, are not chased below that resolution).
   */
  private static boolean asFastAtOnce(List<Steps.Round> made) {
    Steps.Round last = made.get(made.size() - 1);
    for (int k = 0; k < made.size() && k < WarmupRule.WINDOW; k++) {
      Steps.Round r = made.get(k);
      if (Math.abs((double) r.callsPerBatch() / last.callsPerBatch() - 1) <= 0.1) {
        double ratio = Math.max(last.perCallNanos(), r.perCallNanos())
            / Math.min(last.perCallNanos(), r.perCallNanos());
        return ratio < ForkAgreement.MIN_RATIO || StoppingRule.belowResolution(last.perCallNanos(), r.perCallNanos());
      }
    }
    return false;
  }

  /** The trial loop's counts before a round, and whether the round counts as due for C2. */
  private record LoopState(long runs, long calls, boolean reached, boolean due, double secondsAway, int callsPerRun) {
    String words(JitThresholds thresholds) {
      if (!thresholds.known()) {
        return thresholds.describe();
      }
      if (reached) {
        // not String.format: the words of every case's warm-up (see Decimals)
        return "the trial loop was due for C2 after " + Decimals.grouped(runs) + " runs and "
            + Decimals.grouped(calls) + " calls in this JVM";
      }
      return (due ? "not waited" : "still waiting") + " for C2 to compile the trial loop: "
          + Decimals.significant(secondsAway, 3) + " s more at " + Decimals.grouped(callsPerRun) + " calls a run ("
          + thresholds.describe() + ")";
    }
  }
}
