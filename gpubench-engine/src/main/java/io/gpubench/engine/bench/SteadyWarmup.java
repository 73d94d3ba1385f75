package io.gpubench.engine.bench;

import io.gpubench.api.result.WarmupEnd;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.CallsPerTrial;
import io.gpubench.engine.statistics.WarmupRule;
import java.util.ArrayList;
import java.util.List;
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
   * Warms up until steady or the cap.
   *
   * @param request the cap, the time so far and the calls per trial
   * @param rounds makes the rounds
   * @param thresholds when C2 compiles a trial loop
   * @param counts the loop's runs and calls so far
   * @return the rounds and how they ended
   * @throws Throwable what a call threw
   */
  static Steps.Settled run(Steps.SettleRequest request, Rounds rounds, JitThresholds thresholds, LoopCounts counts)
      throws Throwable {
    WarmupRule rule = new WarmupRule(request.capSeconds());
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
    double roundMin = thresholds.reached(start[0], start[1]) ? ROUND_MIN_COMPILED_SECONDS : ROUND_MIN_SECONDS;
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
      double target = Math.min(ROUND_MAX_SECONDS, Math.max(roundMin, ROUND_GROWTH * (spent + seconds)));
      int batches = (int) Math.max(1, Math.min(MAX_BATCHES, Math.round(target * 1e9 / Math.max(1, batchNanos))));
      long[] before = counts.read();
      boolean reached = thresholds.reached(before[0], before[1]);
      double away = reached ? 0 : thresholds.runsToGo(before[0], before[1], callsPerTrial) * batchNanos / 1e9;
      boolean due = reached || spent + seconds + away > Math.min(JIT_REACH_SECONDS, rule.capSeconds());
      loopStates.add(new LoopState(before[0], before[1], reached, due, away, callsPerTrial));
      Steps.Round r = rounds.make(batches, callsPerTrial, deadline);
      made.add(r);
      seconds += r.seconds();
      calls += (long) r.batches() * r.callsPerBatch();
      perCall = r.perCallNanos();
      batchNanos = r.seconds() * 1e9 / r.batches();
      var decision = rule.add(new WarmupRule.Round(r.perCallNanos(), r.compilationMillis(), r.compilerCpuMillis(),
          r.runnableCompilers(), r.seconds(), due), spent + seconds);
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
   * warm-up) or one of the first rounds ran as fast as the last ({@link #asFastAtOnce}: whatever compiled, it was not
   * this code getting faster). Either way a second JVM would find no other outcome of the code than the workload's
   * earlier cases did. The times alone called some 260 of 1,000 cases of an empty call not steady at once on a busy
   * 2-core machine (a first round 3% slower than the last, with nothing compiled), and each took a second fork.
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
   * more of a batch's own cost).
   */
  private static boolean asFastAtOnce(List<Steps.Round> made) {
    Steps.Round last = made.get(made.size() - 1);
    for (int k = 0; k < made.size() && k < WarmupRule.WINDOW; k++) {
      Steps.Round r = made.get(k);
      if (Math.abs((double) r.callsPerBatch() / last.callsPerBatch() - 1) <= 0.1) {
        double change = last.perCallNanos() / r.perCallNanos();
        return change >= 1 - WarmupRule.FALL && change <= 1 + WarmupRule.RISE;
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
        return String.format(Locale.ROOT, "the trial loop was due for C2 after %,d runs and %,d calls in this JVM",
            runs, calls);
      }
      return String.format(Locale.ROOT, "%s for C2 to compile the trial loop: %.3g s more at %,d calls a run (%s)",
          due ? "not waited" : "still waiting", secondsAway, callsPerRun, thresholds.describe());
    }
  }
}
