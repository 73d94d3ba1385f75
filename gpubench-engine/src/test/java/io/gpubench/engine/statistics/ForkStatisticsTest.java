package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.result.Statistics;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkStatisticsTest {

  @Test
  void forksThatDisagreeGetAnIntervalFromTheirSpreadWithFMinusOneDegreesOfFreedom() {
    double[] a = {100, 101, 99, 100, 100, 101, 99, 100};
    double[] b = {110, 111, 109, 110, 110, 111, 109, 110};
    ForkStatistics.Combined c = ForkStatistics.of(List.of(a, b), 0.95);
    Statistics s = c.statistics();

    assertThat(s.mean()).isCloseTo(105, within(1e-9));
    // s_between = 5*sqrt(2), se = s_between / sqrt(2) = 5, t(0.975, 1) = 12.706
    assertThat(s.ciHigh() - s.mean()).isCloseTo(12.7062 * 5, within(1e-3));
    assertThat(s.n()).isEqualTo(16);
    assertThat(s.median()).isCloseTo(105, within(1e-9));
    assertThat(c.detail()).startsWith("2 forks, means 100.0, 110.0 ns: ±60.51% between forks");
  }

  @Test
  void forksThatAgreeBetterThanTheirNoiseAllowsKeepTheNoisesInterval() {
    double[] a = {90, 110, 95, 105, 100};
    double[] b = {91, 109, 96, 104, 100};
    ForkStatistics.Combined c = ForkStatistics.of(List.of(a, b), 0.95);
    double seWithin = Math.sqrt(62.5 / 5 + 48.5 / 5) / 2;
    assertThat(c.statistics().ciHigh() - c.statistics().mean())
        .isCloseTo(SampleStatistics.tQuantile(0.95, 8) * seWithin, within(1e-9));
    assertThat(c.detail()).contains("within forks");
  }

  @Test
  void eachForkWeighsTheSameWhateverItsTrials() {
    double[] a = {10, 10, 10, 10, 10, 10, 10, 10, 10, 10};
    double[] b = {20, 20};
    assertThat(ForkStatistics.of(List.of(a, b), 0.95).statistics().mean()).isEqualTo(15);
  }

  @Test
  void oneForkIsItsOwnStudentInterval() {
    double[] a = {1, 2, 3, 4, 5};
    Statistics one = ForkStatistics.of(List.of(a), 0.95).statistics();
    Statistics plain = SampleStatistics.of(a, 0.95);
    assertThat(one.ciLow()).isCloseTo(plain.ciLow(), within(1e-12));
    assertThat(one.ciHigh()).isCloseTo(plain.ciHigh(), within(1e-12));
  }
}
