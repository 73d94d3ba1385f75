package io.gpubench.engine.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Where the contention probe's flags come from: a measurement, not a test. Times {@code trials} trials of about 1 ms
 * of work (an empty call loop, like the trivial cases, or a small matrix product), and after each one judges the
 * core three ways: the probe as it was (one 5 µs probe against the quickest this JVM had seen), that probe after a
 * probe that warms the cache, and the probe as it is ({@link CpuContention}: the fastest of three against the
 * 0.1-quantile of the JVM's samples). Each trial also notes whether this JVM's JIT compiled or its GC ran meanwhile.
 * The counts say what each part of the old probe reacted to; run it idle, and beside whatever neighbour is in question
 * (a second JVM compiling: the second fork; the engine's JVM; a load).
 *
 * <pre>
 * mvn -q -pl gpubench-engine test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.gpubench.engine.bench.ProbeDiagnostics -Dexec.args="20000 empty"
 * </pre>
 */
public final class ProbeDiagnostics {
  private static final int N = 16;
  private static final float[] A = new float[N * N];
  private static final float[] B = new float[N * N];
  private static final float[] C = new float[N * N];
  // the old probe's own data and code, as CpuContention had them: not shared with the trials' work
  private static final float[] PA = new float[N * N];
  private static final float[] PB = new float[N * N];
  private static final float[] PC = new float[N * N];
  private static float sink;

  static {
    for (int i = 0; i < N * N; i++) {
      PA[i] = (i % 7) * 0.25f;
      PB[i] = (i % 5) * 0.5f;
    }
  }

  private ProbeDiagnostics() {}

  /**
   * Measures.
   *
   * @param args trials (default 20,000), and {@code empty}, {@code gemm} or {@code stream} (a 4 MB pass) for the
   *     trial's work
   */
  public static void main(String[] args) {
    int trials = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    String work = args.length > 1 ? args[1] : "empty";
    boolean gemm = work.equals("gemm");
    boolean stream = work.equals("stream");
    for (int i = 0; i < N * N; i++) {
      A[i] = (i % 7) * 0.25f;
      B[i] = (i % 5) * 0.5f;
    }
    CpuContention now = new CpuContention();
    now.prime();
    double quickestOld = Double.POSITIVE_INFINITY;
    for (int i = 0; i < 3_000; i++) {
      quickestOld = Math.min(quickestOld, probe());
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    long[] gcBefore = new long[1];
    int oldFlags = 0;
    int warmFlags = 0;
    int newFlags = 0;
    int oldWithJit = 0;
    int oldWithGc = 0;
    int jitTrials = 0;
    int gcTrials = 0;
    int newWithJit = 0;
    double worstNew = 0;
    double[] early = new double[Math.min(200, trials)];
    // the work each 1 ms trial got done, by what the probe after it said: do contended trials run slower themselves?
    long[] quietWork = new long[trials];
    long[] slowWork = new long[trials];
    int quietCount = 0;
    int slowCount = 0;
    for (int t = 0; t < trials; t++) {
      long jitBefore = jit.getTotalCompilationTime();
      gcBefore[0] = gcCount();
      long end = System.nanoTime() + 1_000_000;
      long done = 0;
      while (System.nanoTime() < end) {
        done++;
        if (stream) {
          stream();
        } else if (gemm) {
          product();
        } else {
          empty();
        }
      }
      boolean compiled = jit.getTotalCompilationTime() != jitBefore;
      boolean collected = gcCount() != gcBefore[0];
      jitTrials += compiled ? 1 : 0;
      gcTrials += collected ? 1 : 0;
      // the old probe: one cold probe after the trial, against the quickest ever seen
      double cold = probe();
      quickestOld = Math.min(quickestOld, cold);
      boolean oldContended = cold > CpuContention.FACTOR * quickestOld;
      // the old probe, warmed: a probe first, then the one timed
      probe();
      double warm = probe();
      boolean warmContended = warm > CpuContention.FACTOR * quickestOld;
      // the probe as it is
      var conditions = now.afterTrial();
      boolean newContended = !conditions.throttleReasons().isEmpty();
      worstNew = Math.max(worstNew, conditions.slowdown());
      if (t < early.length) {
        early[t] = conditions.slowdown();
      }
      (newContended ? slowWork : quietWork)[newContended ? slowCount++ : quietCount++] = done;
      oldFlags += oldContended ? 1 : 0;
      warmFlags += warmContended ? 1 : 0;
      newFlags += newContended ? 1 : 0;
      oldWithJit += oldContended && compiled ? 1 : 0;
      oldWithGc += oldContended && collected ? 1 : 0;
      newWithJit += newContended && compiled ? 1 : 0;
    }
    System.out.printf(Locale.ROOT, "%d trials of 1 ms (%s); load %s%n", trials, stream ? "4 MB threshold passes" : gemm ? "16^3 products" : "empty calls",
        load());
    System.out.printf(Locale.ROOT, "  old probe (one cold probe vs the quickest): %d contended (%.2f%%), %d of them "
        + "while this JVM compiled, %d while it collected%n", oldFlags, 100.0 * oldFlags / trials, oldWithJit,
        oldWithGc);
    System.out.printf(Locale.ROOT, "  old probe after a warming probe:            %d contended (%.2f%%)%n", warmFlags,
        100.0 * warmFlags / trials);
    System.out.printf(Locale.ROOT, "  probe as it is (fastest of 3 vs the p10):   %d contended (%.2f%%), %d while this "
        + "JVM compiled; largest slowdown %.2f%n", newFlags, 100.0 * newFlags / trials, newWithJit, worstNew);
    java.util.Arrays.sort(early);
    System.out.printf(Locale.ROOT, "  the probe's slowdown over the first %d trials (against the quiet time it primed): "
        + "median %.3f, p90 %.3f, max %.3f%n", early.length, early[early.length / 2],
        early[(int) (early.length * 0.9)], early[early.length - 1]);
    java.util.Arrays.sort(quietWork, 0, quietCount);
    java.util.Arrays.sort(slowWork, 0, slowCount);
    if (quietCount > 0 && slowCount > 0) {
      System.out.printf(Locale.ROOT, "  work done in a 1 ms trial, median: %d when the probe after it found the core "
          + "quiet (%d trials), %d when contended (%d trials): contended trials ran %.2fx slower themselves%n",
          quietWork[quietCount / 2], quietCount, slowWork[slowCount / 2], slowCount,
          (double) quietWork[quietCount / 2] / slowWork[slowCount / 2]);
    }
    System.out.printf(Locale.ROOT, "  trials during which this JVM compiled: %d, collected: %d; sink %s%n", jitTrials,
        gcTrials, sink + now.sink());
  }

  /**
   * One probe as the old probe took it: a 16×16 product four times, on data of its own.
   *
   * @return nanoseconds
   */
  static double probe() {
    long start = System.nanoTime();
    for (int r = 0; r < 4; r++) {
      for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
          float s = 0;
          for (int k = 0; k < N; k++) {
            s += PA[i * N + k] * PB[k * N + j];
          }
          PC[i * N + j] = s;
        }
      }
    }
    double nanos = System.nanoTime() - start;
    sink += PC[(int) ((long) nanos & (N * N - 1))];
    return nanos;
  }

  private static void product() {
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < N; j++) {
        float s = 0;
        for (int k = 0; k < N; k++) {
          s += A[i * N + k] * B[k * N + j];
        }
        C[i * N + j] = s;
      }
    }
  }

  // a memory-bound kernel like the image suite's threshold: it streams 4 MB, more than the caches hold
  private static final float[] BIG = new float[1 << 20];

  private static void stream() {
    for (int i = 0; i < BIG.length; i += 1) {
      BIG[i] = BIG[i] > 0.5f ? 0f : BIG[i] + 0.25f;
    }
  }

  private static void empty() {
    sink += 1e-9f;
  }

  private static long gcCount() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  private static String load() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }
}
