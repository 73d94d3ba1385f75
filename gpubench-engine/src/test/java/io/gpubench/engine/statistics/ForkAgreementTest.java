package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ForkAgreementTest {

  private static double[] around(double level, double noise, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = level * Math.exp(noise * r.nextGaussian());
    }
    return xs;
  }

  @Test
  void twoJitOutcomesFiveTimesApartDisagreeWithEachForksMedian() {
    var d = ForkAgreement.of(List.of(around(5_570, 0.01, 20, 1), around(1_120, 0.01, 20, 2)));
    assertThat(d).isPresent();
    assertThat(d.get().ratio()).isCloseTo(4.97, within(0.1));
    assertThat(d.get().medians()).hasSize(2);
    assertThat(d.get().detail()).startsWith("the forks' medians differ 4.9").contains("fork 1 5.5", "fork 2 1.1")
        .contains("Cochran's Q");
  }

  @Test
  void forksWithinTheirNoiseAgree() {
    assertThat(ForkAgreement.of(List.of(around(100, 0.05, 30, 1), around(100, 0.05, 30, 2),
        around(100, 0.05, 30, 3)))).isEmpty();
  }

  @Test
  void aSmallDifferenceBeyondTheNoiseIsTheBetweenForkSpreadNotASecondOutcome() {
    // 3% apart with 0.1% noise: significant, but below the 10% that makes another outcome
    assertThat(ForkAgreement.of(List.of(around(100, 0.001, 30, 1), around(103, 0.001, 30, 2)))).isEmpty();
  }

  @Test
  void aLargeDifferenceWithinTheForksOwnNoiseIsNoDisagreement() {
    assertThat(ForkAgreement.of(List.of(around(100, 1.0, 5, 1), around(120, 1.0, 5, 2)))).isEmpty();
  }

  @Test
  void oneForkCannotDisagree() {
    assertThat(ForkAgreement.of(List.of(around(100, 0.01, 10, 1)))).isEmpty();
  }
}
