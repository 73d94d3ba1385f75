package io.gpubench.engine.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Where slow stretches of the machine show: a measurement, not a test. For {@code seconds}, back to back, times the
 * arithmetic probe (the fastest of three 16×16 products, as {@link CpuContention} takes it) and a pass over 8 MiB
 * (the fastest of two: beyond a core's L2, inside a shared L3), and per half-second prints each one's median; last, the
 * share of half-seconds in which each ran over {@link CpuContention#FACTOR} times its 0.1-quantile, how many were slow
 * for the pass alone, and a strip of the pass's slow half-seconds ({@code #}) to show how long the stretches last.
 *
 * <pre>
 * mvn -q -pl gpubench-engine test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.gpubench.engine.bench.ProbeStretches -Dexec.args="240"
 * </pre>
 */
public final class ProbeStretches {
  private static final int MIB = 8;
  private static float sink;

  private ProbeStretches() {}

  /**
   * Measures.
   *
   * @param args how many seconds (default 120)
   */
  public static void main(String[] args) {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 120;
    int[] buffer = new int[MIB * 1024 * 1024 / Integer.BYTES];
    for (int i = 0; i < buffer.length; i += 16) {
      buffer[i] = i;
    }
    List<long[]> halves = new ArrayList<>();
    List<Long> probe = new ArrayList<>();
    List<Long> pass = new ArrayList<>();
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long next = System.nanoTime() + 500_000_000L;
    while (System.nanoTime() < end) {
      probe.add(probe());
      pass.add(pass(buffer));
      if (System.nanoTime() >= next) {
        next += 500_000_000L;
        halves.add(new long[] {median(probe), median(pass)});
        probe.clear();
        pass.clear();
      }
    }
    double probeQuiet = quantile(halves, 0);
    double passQuiet = quantile(halves, 1);
    int probeSlow = 0;
    int passSlow = 0;
    int passOnly = 0;
    StringBuilder strip = new StringBuilder();
    for (long[] h : halves) {
      boolean p = h[0] > CpuContention.FACTOR * probeQuiet;
      boolean c = h[1] > CpuContention.FACTOR * passQuiet;
      probeSlow += p ? 1 : 0;
      passSlow += c ? 1 : 0;
      passOnly += c && !p ? 1 : 0;
      strip.append(c ? '#' : '.');
    }
    System.out.printf(Locale.ROOT, "%d half-seconds; probe p10 %.0f ns, 8 MiB pass p10 %.0f ns%n", halves.size(),
        probeQuiet, passQuiet);
    System.out.printf(Locale.ROOT, "slow (over %.2fx p10): probe %.1f%%, pass %.1f%%, pass alone %.1f%%; sink %s%n",
        CpuContention.FACTOR, 100.0 * probeSlow / halves.size(), 100.0 * passSlow / halves.size(),
        100.0 * passOnly / halves.size(), sink);
    for (int i = 0; i < strip.length(); i += 100) {
      System.out.println(strip.substring(i, Math.min(strip.length(), i + 100)));
    }
  }

  // the fastest of three, as CpuContention takes a sample
  private static long probe() {
    double best = Double.POSITIVE_INFINITY;
    for (int p = 0; p < 3; p++) {
      best = Math.min(best, ProbeDiagnostics.probe());
    }
    return (long) best;
  }

  private static long pass(int[] buffer) {
    long best = Long.MAX_VALUE;
    for (int p = 0; p < 2; p++) {
      long start = System.nanoTime();
      int acc = 0;
      for (int i = 0; i < buffer.length; i += 16) {
        acc += buffer[i];
      }
      long t = System.nanoTime() - start;
      sink += acc;
      best = Math.min(best, t);
    }
    return best;
  }

  private static long median(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }

  private static double quantile(List<long[]> halves, int column) {
    List<Long> values = new ArrayList<>();
    halves.forEach(h -> values.add(h[column]));
    Collections.sort(values);
    return values.get(values.size() / 10);
  }
}
