package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.gpubench.api.result.Statistics;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.random.Well19937c;
import org.junit.jupiter.api.Test;

class SampleStatisticsTest {

  @Test
  void handComputedSample() {
    Statistics s = SampleStatistics.of(new double[] {4, 1, 3, 2, 5}, 0.95);

    assertThat(s.n()).isEqualTo(5);
    assertThat(s.mean()).isEqualTo(3);
    assertThat(s.median()).isEqualTo(3);
    assertThat(s.min()).isEqualTo(1);
    assertThat(s.max()).isEqualTo(5);
    assertThat(s.stdev()).isCloseTo(Math.sqrt(2.5), offset(1e-12));
    // numpy.percentile([1,2,3,4,5], 90) = 4.6, 99 -> 4.96
    assertThat(s.p90()).isCloseTo(4.6, offset(1e-12));
    assertThat(s.p99()).isCloseTo(4.96, offset(1e-12));
    // t(0.975, 4) = 2.776445105
    double half = 2.776445105 * Math.sqrt(2.5) / Math.sqrt(5);
    assertThat(s.ciLow()).isCloseTo(3 - half, offset(1e-8));
    assertThat(s.ciHigh()).isCloseTo(3 + half, offset(1e-8));
    assertThat(s.relativeHalfWidth()).isCloseTo(half / 3, offset(1e-8));
  }

  @Test
  void theIntervalCoversTheTrueMeanAtItsConfidenceLevel() {
    NormalDistribution normal = new NormalDistribution(100, 15);
    Well19937c random = new Well19937c(7);
    int covered = 0;
    int runs = 2000;
    for (int r = 0; r < runs; r++) {
      double[] sample = new double[10];
      for (int i = 0; i < sample.length; i++) {
        sample[i] = normal.inverseCumulativeProbability(random.nextDouble());
      }
      Statistics s = SampleStatistics.of(sample, 0.95);
      if (s.ciLow() <= 100 && 100 <= s.ciHigh()) {
        covered++;
      }
    }
    // Binomial(2000, 0.95): standard deviation about 9.7, so 95% +- 2.2% is over four sigma wide.
    assertThat(covered / (double) runs).isBetween(0.928, 0.972);
  }

  @Test
  void oneSampleHasAPointInterval() {
    Statistics s = SampleStatistics.of(new double[] {7}, 0.99);
    assertThat(s.ciLow()).isEqualTo(7);
    assertThat(s.ciHigh()).isEqualTo(7);
    assertThat(s.stdev()).isZero();
  }

  @Test
  void rejectsAnEmptySampleAndABadLevel() {
    assertThatThrownBy(() -> SampleStatistics.of(new double[0], 0.95)).hasMessage("no samples to summarise");
    assertThatThrownBy(() -> SampleStatistics.of(new double[] {1}, 1.5)).hasMessage("confidence 1.5 is not in (0, 1)");
  }
}
