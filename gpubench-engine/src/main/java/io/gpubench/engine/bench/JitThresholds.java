package io.gpubench.engine.bench;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When HotSpot's C2 can have compiled a trial loop, from the loop's runs and calls in this JVM.
 *
 * <p>Why it matters. A trial loop is compiled with the workload inlined into it, and only then does the workload run
 * as the JIT finally shapes it: constants folded across the call, the loops unrolled for the sizes the caller passes.
 * Before that the loop runs C1's profiled code and calls the workload's own compiled code, a code that can be flat in
 * time and twice as slow (a naive 32³ matrix product: 34 µs a call for its first 0.7 s, then 17 µs, with the JIT
 * quiet in between because nothing is queued yet). A flat time and a quiet compiler do not say the loop has been
 * compiled; its counts do.
 *
 * <p>The policy (HotSpot's tiered {@code CompilationPolicy}): code in C1's profiled tier goes to C2 once invoked
 * {@code Tier4MinInvocationThreshold} times with invocations plus loop back-edges at least
 * {@code Tier4CompileThreshold}, or {@code Tier4InvocationThreshold} times; a loop alone is compiled on its own stack
 * frame (OSR) after {@code Tier4BackEdgeThreshold} back-edges. C1's code reports to the policy only every
 * 2^{@code Tier3InvokeNotifyFreqLog} invocations and 2^{@code Tier3BackedgeNotifyFreqLog} back-edges, so each count
 * is taken at the report that first meets it. A trial loop's run is an invocation and each call a back-edge. The
 * values are this JVM's own (a {@code -XX} flag changes them); where they cannot be read (not HotSpot, or tiered
 * compilation off), there is no threshold to wait for, and the warm-up says so.
 */
final class JitThresholds {
  private static final JitThresholds VM = read();
  // Per trial loop class (one per workload and JVM): its runs and calls so far, warm-up rounds and trials alike.
  private static final Map<Class<?>, long[]> COUNTS = new ConcurrentHashMap<>();

  private final boolean known;
  private final long minRuns;
  private final long runsAndCalls;
  private final long runsAlone;
  private final long osrCalls;

  private JitThresholds(boolean known, long minRuns, long runsAndCalls, long runsAlone, long osrCalls) {
    this.known = known;
    this.minRuns = minRuns;
    this.runsAndCalls = runsAndCalls;
    this.runsAlone = runsAlone;
    this.osrCalls = osrCalls;
  }

  /**
   * The thresholds of this JVM.
   *
   * @return them
   */
  static JitThresholds ofThisVm() {
    return VM;
  }

  /**
   * Thresholds with HotSpot's defaults (JDK 17 to 25), for tests.
   *
   * @return them
   */
  static JitThresholds hotSpotDefaults() {
    return of(600, 15_000, 5_000, 40_000, 10, 13);
  }

  private static JitThresholds of(long minInvocations, long compile, long invocations, long backEdges,
      int invokeNotifyLog, int backEdgeNotifyLog) {
    long invokeReport = 1L << invokeNotifyLog;
    long backEdgeReport = 1L << backEdgeNotifyLog;
    return new JitThresholds(true, roundUp(minInvocations, invokeReport), compile, roundUp(invocations, invokeReport),
        roundUp(backEdges, backEdgeReport));
  }

  private static long roundUp(long value, long step) {
    return (value + step - 1) / step * step;
  }

  private static JitThresholds read() {
    try {
      var hotspot = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
      if (hotspot == null || !Boolean.parseBoolean(hotspot.getVMOption("TieredCompilation").getValue())
          || Long.parseLong(hotspot.getVMOption("TieredStopAtLevel").getValue()) < 4) {
        return new JitThresholds(false, 0, 0, 0, 0);
      }
      return of(flag(hotspot, "Tier4MinInvocationThreshold"), flag(hotspot, "Tier4CompileThreshold"),
          flag(hotspot, "Tier4InvocationThreshold"), flag(hotspot, "Tier4BackEdgeThreshold"),
          (int) flag(hotspot, "Tier3InvokeNotifyFreqLog"), (int) flag(hotspot, "Tier3BackedgeNotifyFreqLog"));
    } catch (RuntimeException | LinkageError e) {
      // Not HotSpot (no such bean or option): nothing to wait for.
      return new JitThresholds(false, 0, 0, 0, 0);
    }
  }

  private static long flag(com.sun.management.HotSpotDiagnosticMXBean hotspot, String name) {
    return Long.parseLong(hotspot.getVMOption(name).getValue());
  }

  /**
   * Counts runs of a trial loop.
   *
   * @param loop the loop's class
   * @param runs runs made
   * @param calls calls they made
   */
  static void count(Class<?> loop, long runs, long calls) {
    long[] c = COUNTS.computeIfAbsent(loop, k -> new long[2]);
    c[0] += runs;
    c[1] += calls;
  }

  /**
   * The runs and calls of a trial loop so far in this JVM.
   *
   * @param loop the loop's class
   * @return runs, calls
   */
  static long[] counts(Class<?> loop) {
    long[] c = COUNTS.get(loop);
    return c == null ? new long[2] : c.clone();
  }

  /**
   * Whether the thresholds could be read.
   *
   * @return false where there is nothing to wait for
   */
  boolean known() {
    return known;
  }

  /**
   * Whether the JIT can have compiled a loop with these counts (it may still be compiling it: the warm-up rule
   * watches the compiler for that).
   *
   * @param runs the loop's runs
   * @param calls its calls
   * @return true when either compilation is due, or the thresholds are unknown
   */
  boolean reached(long runs, long calls) {
    return !known || calls >= osrCalls || runs >= runsAlone || runs >= minRuns && runs + calls >= runsAndCalls;
  }

  /**
   * How many more runs of {@code callsPerRun} calls reach the thresholds.
   *
   * @param runs the loop's runs so far
   * @param calls its calls so far
   * @param callsPerRun calls in each run from now on, at least 1
   * @return runs still to make, 0 when reached
   */
  long runsToGo(long runs, long calls, int callsPerRun) {
    if (reached(runs, calls)) {
      return 0;
    }
    long toOsr = ceilDiv(osrCalls - calls, callsPerRun);
    long toAlone = runsAlone - runs;
    long toBoth = Math.max(minRuns - runs, ceilDiv(runsAndCalls - runs - calls, callsPerRun + 1L));
    return Math.max(1, Math.min(toOsr, Math.min(toAlone, toBoth)));
  }

  private static long ceilDiv(long a, long b) {
    return a <= 0 ? 0 : (a + b - 1) / b;
  }

  /**
   * The thresholds as words.
   *
   * @return such as "600 runs with 15,000 runs and calls, 5,120 runs, or 40,960 calls"
   */
  String describe() {
    if (!known) {
      return "C2's thresholds are unknown in this JVM";
    }
    return String.format(Locale.ROOT, "C2 compiles the trial loop after %,d runs with %,d runs and calls, %,d runs, "
        + "or %,d calls", minRuns, runsAndCalls, runsAlone, osrCalls);
  }
}
