package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TrendTestTest {

  private static double[] noisy(int n, double start, double end, long seed) {
    Random r = new Random(seed);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = start + (end - start) * i / (n - 1) + r.nextGaussian() * 0.5;
    }
    return xs;
  }

  @Test
  void aSeriesThatDriftsDownIsATrend() {
    assertThat(TrendTest.of(noisy(60, 120, 100, 1), 0.02)).get().asString()
        .startsWith("the last third of 60 trials is").contains("faster than the first");
  }

  @Test
  void aFlatSeriesWithOneOutlierIsNoTrend() {
    double[] xs = noisy(60, 100, 100, 2);
    xs[45] = 10_000;
    assertThat(TrendTest.of(xs, 0.02)).isEmpty();
  }

  @Test
  void aSignificantButSmallDriftIsNoTrend() {
    assertThat(TrendTest.of(noisy(300, 100, 100.8, 3), 0.02)).isEmpty();
  }

  @Test
  void fewTrialsAreNotTested() {
    assertThat(TrendTest.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 0.01)).isEmpty();
  }
}
