package io.gpubench.engine.bench;

import io.gpubench.engine.statistics.SampleStatistics;

/**
 * Run in a JVM of its own by {@code HarnessCompilationTest}: makes one method of the harness (the statistics a worker
 * keeps) and one of its own (outside the harness's patterns) hot enough for C2, so that the JVM's compilation log
 * shows which of them C2 took.
 */
public final class HarnessCompilationCheck {
  private HarnessCompilationCheck() {}

  /**
   * Calls both methods until C2 would have compiled them.
   *
   * @param args none
   */
  public static void main(String[] args) {
    double[] sorted = {1, 2, 3, 4, 5, 6, 7, 8};
    double sum = 0;
    for (int i = 0; i < 300_000; i++) {
      sum += SampleStatistics.percentile(sorted, (i % 100) / 100.0) + notHarness(i);
    }
    System.out.println("sum " + sum);
  }

  static double notHarness(int i) {
    double x = i;
    for (int k = 0; k < 8; k++) {
      x = x * 0.5 + k;
    }
    return x;
  }
}
