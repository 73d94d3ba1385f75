package io.gpubench.engine.statistics;

import io.gpubench.api.result.WarmupEnd;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides after each round of warm-up calls whether a case's calls are steady enough to time: the trial loop has been
 * run often enough for C2 to compile it, the time per call has stopped falling and the JIT compiler has stopped
 * compiling, or the time cap is reached.
 *
 * <p>Why both. A kernel timed before C2 has compiled it reads several times too slow, and its time is flat while it
 * runs in C1's code, so a flat time alone does not say the JIT is done; the JIT alone does not see a GPU raising its
 * clocks or a cache filling.
 *
 * <ul>
 *   <li><b>Loop due</b>: when the window's first round began, the trial loop had made the runs and calls after which
 *       C2 compiles it with the workload inlined (or they were too far off to wait for: the runner decides, and says
 *       so). Before that a workload can run flat and quiet at half its speed: nothing is queued for the JIT yet.
 *       From that round on, a compilation it triggers shows in the window as a busy compiler or a falling time.
 *   <li><b>Flat</b>: the median time per call of the last round is at most {@value #FALL} (as a share) below and at
 *       most {@value #RISE} above that of the round {@value #WINDOW} - 1 rounds earlier. Medians over a round's
 *       batches, so that one slow batch (an interrupt, a GC) neither holds the warm-up back nor ends it. A time that
 *       rises is code that changed (a deoptimisation, a recompilation to other code, a device lowering its clocks),
 *       not steady code: a fork once read "steady … +378.7% against the round 2 before", and its trials timed the
 *       slower code the rise led to. The rise allowed is wider than the fall, since a loaded machine makes a round
 *       slower by a few percent now and then and nothing compiles faster for waiting on it.
 *   <li><b>JIT quiet</b>: in the last {@value #WINDOW} - 1 rounds the compiler threads ran for at most
 *       {@value #QUIET_SHARE} (as a share) of the rounds' time, and none was runnable at a round's end: their CPU
 *       time shows a compilation while it runs, whether it ends in the window or not, and a runnable thread one that
 *       is queued (on a loaded machine it may wait for a CPU, using none). Where it cannot be read, the compilation time that ended in the
 *       window stands in (wall time: it reads long on a loaded machine). The rounds run in the worker with nothing
 *       else compiling there, so what compiles is the workload; a trickle (a small method crossing a threshold)
 *       stays under the share. Where neither can be read, the JIT does not hold the warm-up back; the detail says so.
 *   <li><b>Moved both ways</b>: where the trial loop was compiled before the warm-up's first round (by the
 *       workload's earlier cases in this JVM) and the JIT is quiet, a last round that is not flat still ends the
 *       warm-up as steady when the window's three times moved both ways (down then up, or up then down): a trend
 *       (falling or rising through the window) still holds it back. The code timed is the code compiled before, so
 *       what moves its time is the machine: on a 2-vCPU AMD EPYC VM whose vCPUs share a core (2026-12-07), the
 *       rounds of an empty call's compiled loop went 0.19 to 0.38 ns a call and back from round to round as the
 *       other vCPU ran or idled, with no compiler thread busy, and the 2% test held warm-ups back until their
 *       rounds had grown to a quarter of a second or the cap took them: of a 1,000-case suite's 24.5 s of warm-up,
 *       8.7 s were rounds after the JIT had gone quiet, in the 71 warm-ups that took over 50 ms. The detail says it
 *       was the machine's noise.
 *   <li><b>Cap</b>: the warm-up's seconds, the declared calls included, reached the cap: the trials start anyway and
 *       the detail says which criterion was not met. A case that still trends in its trials is flagged there.
 * </ul>
 * The figures behind a decision are formatted only when it is made: the rule runs between rounds, and its own code
 * should not be what the JIT compiles.
 */
public final class WarmupRule {
  /** Rounds compared: the last one with the one {@code WINDOW - 1} before it. */
  public static final int WINDOW = 3;

  /** How much faster per call the last round may be and still count as flat. */
  public static final double FALL = 0.02;

  /** How much slower per call the last round may be and still count as flat. */
  public static final double RISE = 0.05;

  /** The most share of the window's time the JIT may spend compiling and count as quiet. */
  public static final double QUIET_SHARE = 0.02;

  private double capSeconds;
  private final boolean loopCompiledBefore;
  private final List<Round> rounds = new ArrayList<>();

  /**
   * A round of warm-up calls as the runner measured it.
   *
   * @param perCallNanos the median time per call over the round's batches
   * @param compilationMillis JIT compilation time that ended during the round, or -1 where unknown
   * @param compilerCpuMillis CPU time of the JIT's compiler threads during the round, or -1 where unknown
   * @param runnableCompilers compiler threads runnable at the round's end (compiling, or a compilation queued and
   *     waiting for a CPU), or -1 where unknown
   * @param seconds the round's duration
   * @param loopDue whether, when the round began, the trial loop had been run often enough for C2 to compile it
   *     (or the runner would not wait for it)
   */
  public record Round(double perCallNanos, double compilationMillis, double compilerCpuMillis, int runnableCompilers,
      double seconds, boolean loopDue) {

    /**
     * A round of a loop that is due, without the compiler threads' state.
     *
     * @param perCallNanos median time per call
     * @param compilationMillis compilation that ended
     * @param compilerCpuMillis compiler threads' CPU time
     * @param seconds duration
     */
    public Round(double perCallNanos, double compilationMillis, double compilerCpuMillis, double seconds) {
      this(perCallNanos, compilationMillis, compilerCpuMillis, -1, seconds, true);
    }

    /**
     * A round of a loop that is due.
     *
     * @param perCallNanos median time per call
     * @param compilationMillis compilation that ended
     * @param compilerCpuMillis compiler threads' CPU time
     * @param runnableCompilers compiler threads runnable at the end
     * @param seconds duration
     */
    public Round(double perCallNanos, double compilationMillis, double compilerCpuMillis, int runnableCompilers,
        double seconds) {
      this(perCallNanos, compilationMillis, compilerCpuMillis, runnableCompilers, seconds, true);
    }
  }

  /**
   * How the warm-up ended.
   *
   * @param end steady or capped
   * @param detail the figures behind it
   */
  public record Decision(WarmupEnd end, String detail) {}

  /**
   * Makes a rule.
   *
   * @param capSeconds the most seconds of warm-up, positive
   */
  public WarmupRule(double capSeconds) {
    this(capSeconds, false);
  }

  /**
   * Makes a rule for a trial loop that may have been compiled before the warm-up.
   *
   * @param capSeconds the most seconds of warm-up, positive
   * @param loopCompiledBefore whether the trial loop had reached C2's thresholds before the first round (its code
   *     is the code the workload's earlier cases compiled): times that move both ways with the JIT quiet are then
   *     the machine's noise, not a warm-up still under way
   */
  public WarmupRule(double capSeconds, boolean loopCompiledBefore) {
    if (!(capSeconds > 0)) {
      throw new IllegalArgumentException("a warm-up cap of " + capSeconds + " s: it must be positive");
    }
    this.capSeconds = capSeconds;
    this.loopCompiledBefore = loopCompiledBefore;
  }

  /**
   * Lowers the cap, as where the time left after the warm-up must still hold a case's fewest trials.
   *
   * @param seconds the new cap, if lower than the current one
   */
  public void lowerCap(double seconds) {
    capSeconds = Math.min(capSeconds, seconds);
  }

  /**
   * The cap as it stands.
   *
   * @return seconds
   */
  public double capSeconds() {
    return capSeconds;
  }

  /**
   * Adds a round the cap cut short (its batches ended at the cap's deadline, fewer than planned) and ends the
   * warm-up at the cap. Such a round is no evidence of a steady time: it spans less time than the rounds before it,
   * and a time that rises with the time spent rises less over it (a call 200 ns slower every 0.1 ms read "steady
   * +0.4%" over the last of its rounds cut to a call each at the cap).
   *
   * @param round the round
   * @param warmupSeconds seconds of warm-up so far, this round and the declared calls included
   * @return the end at the cap
   */
  public Decision addCut(Round round, double warmupSeconds) {
    rounds.add(round);
    return new Decision(WarmupEnd.CAP, capped(Math.max(warmupSeconds, capSeconds), !loopDue(), falling(), rising(),
        compiling(), true));
  }

  /**
   * Adds a round and says whether the warm-up is over.
   *
   * @param round the round
   * @param warmupSeconds seconds of warm-up so far, this round and the declared calls included
   * @return the end, with its reason; empty to go on
   */
  public Optional<Decision> add(Round round, double warmupSeconds) {
    rounds.add(round);
    boolean early = !loopDue();
    boolean falling = falling();
    boolean rising = rising();
    boolean compiling = compiling();
    if (!early && !falling && !rising && !compiling) {
      return Optional.of(new Decision(WarmupEnd.STEADY, steady(warmupSeconds, false)));
    }
    if (!early && !compiling && loopCompiledBefore && movedBothWays()) {
      return Optional.of(new Decision(WarmupEnd.STEADY, steady(warmupSeconds, true)));
    }
    if (warmupSeconds >= capSeconds) {
      return Optional.of(new Decision(WarmupEnd.CAP, capped(warmupSeconds, early, falling, rising, compiling, false)));
    }
    return Optional.empty();
  }

  private boolean loopDue() {
    int n = rounds.size();
    return n >= WINDOW && rounds.get(n - WINDOW).loopDue();
  }

  private boolean falling() {
    int n = rounds.size();
    return n < WINDOW || rounds.get(n - 1).perCallNanos() < (1 - FALL) * rounds.get(n - WINDOW).perCallNanos();
  }

  private boolean rising() {
    int n = rounds.size();
    return n >= WINDOW && rounds.get(n - 1).perCallNanos() > (1 + RISE) * rounds.get(n - WINDOW).perCallNanos();
  }

  /** Whether the window's times went down then up, or up then down: no trend through it. */
  private boolean movedBothWays() {
    int n = rounds.size();
    if (n < WINDOW) {
      return false;
    }
    // the window's first round, the one before the last, and the last: the same rounds the flat test compares
    double first = rounds.get(n - WINDOW).perCallNanos();
    double middle = rounds.get(n - 2).perCallNanos();
    double last = rounds.get(n - 1).perCallNanos();
    return (middle - first) * (last - middle) < 0;
  }

  private boolean compiling() {
    if (rounds.size() < WINDOW) {
      return true;
    }
    if (runnable() > 0) {
      return true;
    }
    JitWindow w = window();
    double allowed = QUIET_SHARE * w.seconds() * 1e3;
    if (w.cpuKnown()) {
      return w.cpuMillis() > allowed;
    }
    return w.endedKnown() && w.endedMillis() > allowed;
  }

  /**
   * The compiler's activity over the rounds of the window after its first (their sums; a round that could not
   * measure a figure makes it unknown for the window).
   */
  private record JitWindow(double seconds, double cpuMillis, double endedMillis, boolean cpuKnown,
      boolean endedKnown) {}

  private JitWindow window() {
    int n = rounds.size();
    double seconds = 0;
    double cpu = 0;
    double ended = 0;
    boolean cpuKnown = true;
    boolean endedKnown = true;
    for (int i = n - WINDOW + 1; i < n; i++) {
      Round r = rounds.get(i);
      seconds += r.seconds();
      cpu += Math.max(0, r.compilerCpuMillis());
      ended += Math.max(0, r.compilationMillis());
      cpuKnown &= r.compilerCpuMillis() >= 0;
      endedKnown &= r.compilationMillis() >= 0;
    }
    return new JitWindow(seconds, cpu, ended, cpuKnown, endedKnown);
  }

  /** The most compiler threads runnable at the end of a round of the window. */
  private int runnable() {
    int n = rounds.size();
    int most = 0;
    for (int i = n - WINDOW + 1; i < n; i++) {
      most = Math.max(most, rounds.get(i).runnableCompilers());
    }
    return most;
  }

  private String steady(double warmupSeconds, boolean noise) {
    int n = rounds.size();
    Round last = rounds.get(n - 1);
    Round first = rounds.get(n - WINDOW);
    // not String.format: a worker words the end of every case's warm-up (see Decimals)
    return "steady after " + n + " rounds (" + Decimals.fixed(warmupSeconds, 2) + " s): "
        + nanos(last.perCallNanos()) + " per call, "
        + Decimals.signed((last.perCallNanos() / first.perCallNanos() - 1) * 100, 1) + "% against the round "
        + (WINDOW - 1) + " before"
        + (noise ? ", the times moving both ways (" + nanos(first.perCallNanos()) + ", "
            + nanos(rounds.get(n - 2).perCallNanos()) + ", " + nanos(last.perCallNanos()) + ") in the trial loop"
            + " compiled before the warm-up with the JIT quiet: the machine's noise, not a trend" : "")
        + "; " + jit();
  }

  private String capped(double warmupSeconds, boolean early, boolean falling, boolean rising, boolean compiling,
      boolean cut) {
    int n = rounds.size();
    List<String> why = new ArrayList<>();
    if (n < WINDOW) {
      why.add("only " + n + " rounds");
    } else {
      if (early) {
        why.add("the trial loop had not yet been run often enough for C2 to compile it");
      }
      if (falling) {
        double last = rounds.get(n - 1).perCallNanos();
        double before = rounds.get(n - WINDOW).perCallNanos();
        why.add(String.format(Locale.ROOT, "the time per call still falls (%s, %.1f%% below %s %d rounds before)",
            nanos(last), (1 - last / before) * 100, nanos(before), WINDOW - 1));
      }
      if (rising) {
        double last = rounds.get(n - 1).perCallNanos();
        double before = rounds.get(n - WINDOW).perCallNanos();
        why.add(String.format(Locale.ROOT, "the time per call rises (%s, %.1f%% above %s %d rounds before)",
            nanos(last), (last / before - 1) * 100, nanos(before), WINDOW - 1));
      }
      if (compiling) {
        why.add(jit());
      }
    }
    if (cut) {
      why.add(String.format(Locale.ROOT, "its last round cut short by the cap (%.3g s), too short to show the time"
          + " per call steady", rounds.get(n - 1).seconds()));
    }
    return String.format(Locale.ROOT, "the cap of %.3g s was reached after %d rounds (%.2f s), not yet steady: %s",
        capSeconds, n, warmupSeconds, String.join("; ", why));
  }

  /** The JIT's activity over the window, as words. */
  private String jit() {
    JitWindow w = window();
    if (!w.cpuKnown() && !w.endedKnown()) {
      return "the JIT's activity is unknown in this JVM";
    }
    String figure = w.cpuKnown()
        ? "the JIT's compiler threads ran " + Decimals.fixed(w.cpuMillis(), 1) + " ms"
        : "compilations of " + Decimals.fixed(w.endedMillis(), 0) + " ms ended";
    int runnable = runnable();
    return figure + " in the last " + (WINDOW - 1) + " rounds (" + Decimals.significant(w.seconds(), 3)
        + " s; quiet is at most " + Decimals.fixed(QUIET_SHARE * 100, 0) + "%)"
        + (runnable > 0 ? ", and " + runnable + " compiler thread" + (runnable == 1 ? " was" : "s were")
            + " still runnable" : "");
  }

  private static String nanos(double v) {
    if (v >= 1e6) {
      return Decimals.significant(v / 1e6, 3) + " ms";
    }
    if (v >= 1e3) {
      return Decimals.significant(v / 1e3, 3) + " µs";
    }
    return Decimals.significant(v, 3) + " ns";
  }
}
