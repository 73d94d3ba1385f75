package io.gpubench.maven.verdict;

import static io.gpubench.maven.Fixtures.normal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.maven.rules.Direction;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

final class SampleComparatorTest {

  private final SampleComparator fivePercent = new SampleComparator(0.05, 0.05);

  @Test
  void identicalSamplesAreTheSame() {
    double[] xs = normal(1, 30, 1e6, 1e4);
    Comparison c = fivePercent.compare(xs, xs.clone());
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
    assertThat(c.change()).isZero();
  }

  @Test
  void constantIdenticalSamplesAreTheSameThoughTheRankTestIsUndefined() {
    double[] xs = new double[20];
    Arrays.fill(xs, 1000);
    Comparison c = fivePercent.compare(xs, xs.clone());
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
    assertThat(c.pValue()).isEqualTo(1.0);
  }

  @Test
  void constantSamplesApartAreSlower() {
    double[] base = new double[20];
    double[] now = new double[20];
    Arrays.fill(base, 1000);
    Arrays.fill(now, 1200);
    Comparison c = fivePercent.compare(base, now);
    assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(c.change()).isCloseTo(0.2, within(1e-12));
  }

  @Test
  void aClearSlowdownIsSlowerAndASpeedupFaster() {
    double[] base = normal(1, 40, 1e6, 1e4);
    double[] slower = normal(2, 40, 1.2e6, 1e4);
    Comparison c = fivePercent.compare(base, slower);
    assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(c.pValue()).isLessThan(1e-6);
    assertThat(c.intervalsDisjoint()).isTrue();
    assertThat(c.change()).isCloseTo(0.2, within(0.02));
    assertThat(fivePercent.compare(slower, base).verdict()).isEqualTo(Verdict.FASTER);
  }

  @Test
  void forARateARiseIsFaster() {
    double[] base = normal(1, 40, 1e9, 1e7);
    double[] higher = normal(2, 40, 1.2e9, 1e7);
    assertThat(fivePercent.compare(base, higher, Direction.HIGHER_IS_BETTER).verdict()).isEqualTo(Verdict.FASTER);
    assertThat(fivePercent.compare(higher, base, Direction.HIGHER_IS_BETTER).verdict()).isEqualTo(Verdict.SLOWER);
    assertThatThrownBy(() -> fivePercent.compare(base, higher, Direction.UNKNOWN))
        .hasMessageContaining("unknown direction");
  }

  @Test
  void mostCallsSlowerIsSlowerEvenWhenFastOutliersKeepTheMeanStill() {
    // Three calls in four 30% slower, the rest much faster: the mean does not move, the median and ranks do.
    double[] base = new double[20];
    double[] now = new double[20];
    for (int i = 0; i < 20; i++) {
      base[i] = 100 + i * 0.1;
      now[i] = i < 15 ? 130 + i * 0.1 : 10 + i * 0.1;
    }
    assertThat(Arrays.stream(now).average().orElseThrow()).isCloseTo(Arrays.stream(base).average().orElseThrow(),
        within(1.0));
    assertThat(fivePercent.compare(base, now).verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void fiveSamplesASideAreEnoughForTheRankTestButNotForTheMediansInterval() {
    // Exact Mann-Whitney p for 5 clean vs 5 is 0.008; a 95% interval of a median needs 6 samples.
    Comparison c = fivePercent.compare(new double[] {100, 101, 102, 103, 104}, new double[] {150, 151, 152, 153, 154});
    assertThat(c.pValue()).isLessThan(0.01);
    assertThat(c.intervalsDisjoint()).isFalse();
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).isEqualTo("median +49.0% but medians' intervals overlap (p=0.0079)");
  }

  @Test
  void heavyTailsOnBothSidesDoNotHideASteadyBulk() {
    // Real CPU runs: a steady bulk plus a few trials 10-100x slower. The bulk decides; the tail does not.
    double[] base = normal(7, 60, 1e6, 5e3);
    double[] now = normal(8, 60, 1e6, 5e3);
    for (int i = 0; i < 6; i++) {
      base[i * 10] = 2e7 * (i + 1);
      now[i * 10 + 3] = 3e7 * (i + 1);
    }
    Comparison c = fivePercent.compare(base, now);
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
    double[] slower = Arrays.stream(now).map(v -> v * 1.2).toArray();
    assertThat(fivePercent.compare(base, slower).verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void aSignificantChangeSmallerThanTheMinimumEffectIsTheSame() {
    // 1% slower with 0.1% noise: the rank test sees it, but a 5% gate does not care.
    Comparison c = fivePercent.compare(normal(1, 50, 1e6, 1e3), normal(2, 50, 1.01e6, 1e3));
    assertThat(c.pValue()).isLessThan(0.001);
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
  }

  @Test
  void theMinimumEffectDecidesWhatCounts() {
    double[] base = normal(1, 50, 1e6, 1e3);
    double[] now = normal(2, 50, 1.01e6, 1e3);
    assertThat(new SampleComparator(0.05, 0.005).compare(base, now).verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void hugeNoiseHidingALargeShiftIsAmbiguousNotSame() {
    // A 20% shift under 60% noise with few samples: neither "slower" nor "same" can be shown.
    Comparison c = fivePercent.compare(normal(1, 8, 1e6, 6e5), normal(2, 8, 1.2e6, 6e5));
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).isNotBlank();
  }

  @Test
  void hugeNoiseWithEqualMediansIsAmbiguousBecauseAChangeCannotBeRuledOut() {
    // The same 50%-noise sample, 0.1% slower: the medians agree, but samples this noisy cannot vouch for ±5%.
    double[] base = normal(3, 30, 1e6, 5e5);
    Comparison c = fivePercent.compare(base, Arrays.stream(base).map(v -> v * 1.001).toArray());
    assertThat(c.change()).isCloseTo(0.001, within(1e-9));
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).contains("too noisy to rule out ±5.0%");
  }

  @Test
  void oneSampleASideIsTooFewWhateverTheValues() {
    Comparison c = fivePercent.compare(new double[] {1000}, new double[] {2000});
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).contains("too few samples").contains("baseline n=1, current n=1");
    assertThat(c.change()).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void threeSamplesASideCannotReachSignificanceEvenForALargeShift() {
    // The exact two-sided Mann-Whitney p for 3 vs 3 is at least 0.1: the test cannot call it, so the gate does not.
    Comparison c = fivePercent.compare(new double[] {1000, 1001, 1002}, new double[] {1500, 1501, 1502});
    assertThat(c.pValue()).isGreaterThanOrEqualTo(0.1);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).contains("rank test not significant");
  }

  @Test
  void anOutlierThatMovesTheMeanButNotTheRanksIsNotASlowdown() {
    double[] base = normal(5, 30, 1e6, 1e4);
    double[] now = base.clone();
    now[0] = 1e8; // one preempted trial
    Comparison c = fivePercent.compare(base, now);
    assertThat(c.verdict()).isNotEqualTo(Verdict.SLOWER);
  }

  @Test
  void noSamplesIsAmbiguous() {
    assertThat(fivePercent.compare(new double[0], new double[] {1, 2}).verdict()).isEqualTo(Verdict.AMBIGUOUS);
  }

  @Test
  void settingsOutOfRangeAreRefused() {
    assertThatThrownBy(() -> new SampleComparator(1.5, 0.05)).hasMessageContaining("significance 1.5");
    assertThatThrownBy(() -> new SampleComparator(0.05, -0.1)).hasMessageContaining("minimum effect -0.1");
  }
}
