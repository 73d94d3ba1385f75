package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.Better;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The comparison of one run against one run: the trials' tests, provisional. At the 5% level these are the former
 * gate's expectations, kept.
 */
final class ProvisionalComparisonTest {

  private final CaseComparator fivePercent = new CaseComparator(0.05, 0.05);

  @Test
  void identicalSamplesAreTheSame() {
    double[] xs = normal(1, 30, 1e6, 1e4);
    CaseComparison c = compare(xs, xs.clone());
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
    assertThat(c.change()).isZero();
  }

  @Test
  void constantIdenticalSamplesAreTheSameThoughTheRankTestIsUndefined() {
    double[] xs = new double[20];
    Arrays.fill(xs, 1000);
    CaseComparison c = compare(xs, xs.clone());
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
    assertThat(c.pValue()).isEqualTo(1.0);
  }

  @Test
  void constantSamplesApartAreSlower() {
    double[] base = new double[20];
    double[] now = new double[20];
    Arrays.fill(base, 1000);
    Arrays.fill(now, 1600);
    CaseComparison c = compare(base, now);
    assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(c.change()).isCloseTo(0.6, within(1e-12));
  }

  @Test
  void aClearSlowdownIsSlowerAndASpeedupFaster() {
    double[] base = normal(1, 40, 1e6, 1e4);
    double[] slower = normal(2, 40, 1.8e6, 1e4);
    CaseComparison c = compare(base, slower);
    assertThat(c.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(c.pValue()).isLessThan(1e-6);
    assertThat(c.reason()).contains("medians' intervals apart").contains("beyond the ±55% one run a side can show");
    assertThat(c.change()).isCloseTo(0.8, within(0.02));
    assertThat(compare(slower, base).verdict()).isEqualTo(Verdict.FASTER);
  }

  @Test
  void forARateARiseIsFaster() {
    double[] base = normal(1, 40, 1e9, 1e7);
    double[] higher = normal(2, 40, 1.8e9, 1e7);
    assertThat(compare(base, higher, Better.HIGHER).verdict()).isEqualTo(Verdict.FASTER);
    assertThat(compare(higher, base, Better.HIGHER).verdict()).isEqualTo(Verdict.SLOWER);
    assertThatThrownBy(() -> compare(base, higher, Better.NEITHER)).hasMessageContaining("better neither");
  }

  @Test
  void mostCallsSlowerMoveTheMedianAndRanksEvenWhenFastOutliersKeepTheMeanStill() {
    // Three calls in four 30% slower, the rest much faster: the mean does not move, the median and ranks do.
    double[] base = new double[20];
    double[] now = new double[20];
    for (int i = 0; i < 20; i++) {
      base[i] = 100 + i * 0.1;
      now[i] = i < 15 ? 130 + i * 0.1 : 10 + i * 0.1;
    }
    assertThat(Arrays.stream(now).average().orElseThrow()).isCloseTo(Arrays.stream(base).average().orElseThrow(),
        within(1.0));
    // The trials' tests see the change; within what one run a side can show, it is no verdict, and says so.
    CaseComparison c = compare(base, now);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).contains("median +29.2%").contains("medians' intervals apart")
        .contains("within the ±55% one run a side can show");
  }

  @Test
  void fiveSamplesASideAreEnoughForTheRankTestButNotForTheMediansInterval() {
    // Exact Mann-Whitney p for 5 clean vs 5 is 0.008; a 95% interval of a median needs 6 samples.
    CaseComparison c = compare(new double[] {100, 101, 102, 103, 104}, new double[] {150, 151, 152, 153, 154});
    assertThat(c.pValue()).isLessThan(0.01);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.TESTS_DISAGREE);
    assertThat(c.reason()).isEqualTo("one run each side (provisional: the spread between runs is not measured): "
        + "median +49.0% but medians' intervals overlap (p=0.0079)");
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
    CaseComparison c = compare(base, now);
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
    double[] slower = Arrays.stream(now).map(v -> v * 1.6).toArray();
    assertThat(compare(base, slower).verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void aSignificantChangeSmallerThanTheMinimumEffectIsTheSame() {
    // 1% slower with 0.1% noise: the rank test sees it, but a 5% gate does not care.
    CaseComparison c = compare(normal(1, 50, 1e6, 1e3), normal(2, 50, 1.01e6, 1e3));
    assertThat(c.pValue()).isLessThan(0.001);
    assertThat(c.verdict()).isEqualTo(Verdict.SAME);
  }

  @Test
  void theMinimumEffectDecidesWhatCountsAboveWhatOneRunASideCanShow() {
    // 1% slower with 0.1% noise: SAME for a 5% gate; for a 0.5% gate a change, but one run a side cannot vouch for it.
    double[] base = normal(1, 50, 1e6, 1e3);
    double[] now = normal(2, 50, 1.01e6, 1e3);
    assertThat(compare(base, now).verdict()).isEqualTo(Verdict.SAME);
    assertThat(new CaseComparator(0.05, 0.005).compare(List.of(run(base)), List.of(run(now)), Better.LOWER)
        .verdict()).isEqualTo(Verdict.AMBIGUOUS);
    // A minimum effect above what one run a side can show raises the bar: +60% counts for a 5% gate, not a 70% one.
    double[] slower = normal(2, 50, 1.6e6, 1e3);
    assertThat(compare(base, slower).verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(new CaseComparator(0.01, 0.7).compare(List.of(run(base)), List.of(run(slower)), Better.LOWER)
        .verdict()).isEqualTo(Verdict.SAME);
    assertThat(new CaseComparator(0.01, 0.7).compare(List.of(run(base)), List.of(run(normal(3, 50, 1.8e6, 1e3))),
        Better.LOWER).verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void aChangeTheTrialsSeeWithinWhatOneRunASideCanShowIsAmbiguousAndSaysSo() {
    // +40%: the trials of the two runs are far apart, yet a whole run of unchanged code moved as much now and then.
    double[] base = normal(4, 40, 1e6, 1e4);
    CaseComparison c = compare(base, normal(5, 40, 1.4e6, 1e4));
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.NOISE);
    assertThat(c.provisional()).isTrue();
    assertThat(c.reason()).contains("within the ±55% one run a side can show").contains("record more baseline runs");
    assertThat(compare(normal(5, 40, 1.4e6, 1e4), base).verdict()).isEqualTo(Verdict.AMBIGUOUS);
    // Just past it, either way, the verdict is given.
    assertThat(compare(base, normal(6, 40, 1.58e6, 1e4)).verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(compare(base, normal(7, 40, 0.63e6, 1e4)).verdict()).isEqualTo(Verdict.FASTER);
  }

  @Test
  void hugeNoiseHidingALargeShiftIsAmbiguousNotSame() {
    // A 20% shift under 60% noise with few samples: neither "slower" nor "same" can be shown.
    CaseComparison c = compare(normal(1, 8, 1e6, 6e5), normal(2, 8, 1.2e6, 6e5));
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).isNotBlank();
  }

  @Test
  void hugeNoiseWithEqualMediansIsAmbiguousBecauseAChangeCannotBeRuledOut() {
    // The same 50%-noise sample, 0.1% slower: the medians agree, but samples this noisy cannot vouch for ±5%.
    double[] base = normal(3, 30, 1e6, 5e5);
    CaseComparison c = compare(base, Arrays.stream(base).map(v -> v * 1.001).toArray());
    assertThat(c.change()).isCloseTo(0.001, within(1e-9));
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).contains("too noisy to rule out ±5.0%");
  }

  @Test
  void oneSampleASideIsTooFewWhateverTheValues() {
    CaseComparison c = compare(new double[] {1000}, new double[] {2000});
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.ambiguity()).isEqualTo(Ambiguity.TOO_FEW_SAMPLES);
    assertThat(c.reason()).contains("too few samples").contains("baseline n=1, current n=1");
    assertThat(c.change()).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void threeSamplesASideCannotReachSignificanceEvenForALargeShift() {
    // The exact two-sided Mann-Whitney p for 3 vs 3 is at least 0.1: the test cannot call it, so the gate does not.
    CaseComparison c = compare(new double[] {1000, 1001, 1002}, new double[] {1500, 1501, 1502});
    assertThat(c.pValue()).isGreaterThanOrEqualTo(0.1);
    assertThat(c.verdict()).isEqualTo(Verdict.AMBIGUOUS);
    assertThat(c.reason()).contains("rank test not significant");
  }

  @Test
  void anOutlierThatMovesTheMeanButNotTheRanksIsNotASlowdown() {
    double[] base = normal(5, 30, 1e6, 1e4);
    double[] now = base.clone();
    now[0] = 1e8; // one preempted trial
    CaseComparison c = compare(base, now);
    assertThat(c.verdict()).isNotEqualTo(Verdict.SLOWER);
  }

  @Test
  void noSamplesIsAmbiguous() {
    assertThat(compare(new double[0], new double[] {1, 2}).ambiguity()).isEqualTo(Ambiguity.TOO_FEW_SAMPLES);
  }

  @Test
  void settingsOutOfRangeAreRefused() {
    assertThatThrownBy(() -> new CaseComparator(1.5, 0.05)).hasMessageContaining("significance 1.5");
    assertThatThrownBy(() -> new CaseComparator(0.05, -0.1)).hasMessageContaining("minimum effect -0.1");
  }

  private CaseComparison compare(double[] baseline, double[] current) {
    return compare(baseline, current, Better.LOWER);
  }

  private CaseComparison compare(double[] baseline, double[] current, Better better) {
    CaseComparison c = fivePercent.compare(List.of(run(baseline)), List.of(run(current)), better);
    if (baseline.length > 0 && current.length > 0) {
      assertThat(c.provisional()).isTrue();
    }
    return c;
  }

  private static RunSamples run(double[] xs) {
    return new RunSamples("r", RunSamples.HOST, xs, List.of());
  }

  /** Times per call from a normal distribution, seeded, so every test run sees the same numbers. */
  static double[] normal(long seed, int n, double mean, double stdev) {
    Random r = new Random(seed);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = Math.max(1, mean + stdev * r.nextGaussian());
    }
    return xs;
  }
}
