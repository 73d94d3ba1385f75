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
    // the interval of the median on the log scale: sd of ln(1..5), times sqrt(pi/2 / 5), times t(0.975, 4)
    double[] logs = {0, Math.log(2), Math.log(3), Math.log(4), Math.log(5)};
    double mean = java.util.Arrays.stream(logs).sum() / 5;
    double sd = Math.sqrt(java.util.Arrays.stream(logs).map(y -> (y - mean) * (y - mean)).sum() / 4);
    double half = 2.776445105 * Math.sqrt(Math.PI / 2) * sd / Math.sqrt(5);
    assertThat(s.ciLow()).isCloseTo(3 * Math.exp(-half), offset(1e-8));
    assertThat(s.ciHigh()).isCloseTo(3 * Math.exp(half), offset(1e-8));
    assertThat(s.relativeHalfWidth()).isCloseTo(Math.sinh(half), offset(1e-8));
  }

  @Test
  void theMedianOfASampleInAnyOrderLeavesTheSampleAsItWas() {
    double[] odd = {4, 1, 3, 2, 5};
    assertThat(SampleStatistics.median(odd)).isEqualTo(3);
    assertThat(odd).containsExactly(4, 1, 3, 2, 5);
    assertThat(SampleStatistics.median(new double[] {10, 2, 4, 8})).isEqualTo(6);
  }

  @Test
  void theIntervalCoversTheTrueMedianAtLeastAtItsConfidenceLevel() {
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
    // Binomial(2000, 0.95): standard deviation about 0.5%. The median's variance factor pi/2 is the large-sample one;
    // a sample of 10 has a slightly more precise median, so the coverage is a little above the level (~97%).
    assertThat(covered / (double) runs).isBetween(0.94, 0.985);
  }

  @Test
  void theIntervalOfSkewedTimesIsNeverBelowZeroAndHoldsTheMedian() {
    Statistics s = SampleStatistics.of(new double[] {1.0, 1.1, 0.9, 1.0, 40, 1.05}, 0.95);
    assertThat(s.ciLow()).isPositive().isLessThanOrEqualTo(s.median());
    assertThat(s.ciHigh()).isGreaterThanOrEqualTo(s.median());
    assertThat(s.median()).isCloseTo(1.025, offset(1e-12));
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
