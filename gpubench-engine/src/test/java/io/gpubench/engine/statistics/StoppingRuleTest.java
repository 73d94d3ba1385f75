package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.result.StopReason;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StoppingRuleTest {

  @Test
  void quietSamplesStopAtTheMinimumWithTheTargetReached() {
    StoppingRule rule = new StoppingRule(5, 100, 0.01, 60, 0.95);
    Optional<StoppingRule.Decision> d = Optional.empty();
    int n = 0;
    while (d.isEmpty()) {
      d = rule.add(1000 + (n++ % 2), n * 0.001);
    }
    assertThat(n).isEqualTo(5);
    assertThat(d.get().reason()).isEqualTo(StopReason.TARGET_REACHED);
    assertThat(d.get().detail()).contains("after 5 trials");
  }

  @Test
  void noisySamplesRunToTheMaximum() {
    Random r = new Random(1);
    StoppingRule rule = new StoppingRule(5, 40, 0.001, 60, 0.95);
    Optional<StoppingRule.Decision> d = Optional.empty();
    int n = 0;
    while (d.isEmpty()) {
      n++;
      d = rule.add(1000 * Math.exp(r.nextGaussian() * 0.5), n * 0.001);
    }
    assertThat(n).isEqualTo(40);
    assertThat(d.get().reason()).isEqualTo(StopReason.MAX_TRIALS);
  }

  @Test
  void theBudgetEndsACaseOnceThereAreTwoTrials() {
    StoppingRule rule = new StoppingRule(5, 100, 0.0001, 1.0, 0.95);
    assertThat(rule.add(500, 0.6)).isEmpty();
    assertThat(rule.add(900, 1.2)).get().extracting(StoppingRule.Decision::reason).isEqualTo(StopReason.TIME_BUDGET);
  }

  @Test
  void drifitingTimesStopOnAPlateau() {
    // A steady upward drift: the interval stops narrowing, so the target of 0.1% is never reached.
    StoppingRule rule = new StoppingRule(5, 10_000, 0.001, 1e9, 0.95);
    Optional<StoppingRule.Decision> d = Optional.empty();
    int n = 0;
    while (d.isEmpty()) {
      n++;
      d = rule.add(1000 + 10.0 * n, n * 0.001);
    }
    assertThat(d.get().reason()).isEqualTo(StopReason.PLATEAU);
    assertThat(n).isLessThan(200);
    assertThat(d.get().detail()).contains("stopped narrowing");
  }

  @Test
  void anIntervalNarrowerThanTheHarnessResolvesStopsAtTheMinimum() {
    // An emptied call: 0.16 ns with the ±4% of a timer interrupt now and then, far from ±1% after five trials, but
    // ±0.01 ns a call, below the quarter nanosecond the harness tells from its own loop.
    double[] emptied = {0.16, 0.15, 0.21, 0.16, 0.155};
    StoppingRule rule = new StoppingRule(5, 100, 0.01, 60, 0.95);
    Optional<StoppingRule.Decision> d = Optional.empty();
    for (int n = 0; n < emptied.length; n++) {
      assertThat(d).as("before the minimum").isEmpty();
      d = rule.add(emptied[n], (n + 1) * 1e-4);
    }
    assertThat(d).get().extracting(StoppingRule.Decision::reason).isEqualTo(StopReason.RESOLUTION);
    assertThat(d.get().detail()).contains("after 5 trials").contains("narrower than the harness resolves (±0.25 ns)");
  }

  @Test
  void theSameSpreadAtMicrosecondsIsNotResolved() {
    // The same relative spread around 1.6 µs is ±100 ns: the relative target and the plateau rule still decide.
    double[] slower = {1600, 1500, 2100, 1600, 1550};
    StoppingRule rule = new StoppingRule(5, 100, 0.01, 60, 0.95);
    for (int n = 0; n < slower.length; n++) {
      assertThat(rule.add(slower[n], (n + 1) * 1e-4)).isEmpty();
    }
    assertThat(StoppingRule.withinResolution(0.16, 1.0)).isTrue();
    assertThat(StoppingRule.withinResolution(25.0, 0.0101)).isFalse();
  }

  @Test
  void aTightTargetOnACallOfTensOfNanosecondsStopsOnceTheIntervalIsWithinTheResolution() {
    // ±0.1% of 50 ns is ±0.05 ns, below what the harness resolves: the series stops when its interval reaches
    // ±0.25 ns a call (±0.5%), long before the target, the limit or a plateau (the noise averages out).
    Random r = new Random(7);
    StoppingRule rule = new StoppingRule(5, 100_000, 0.001, 1e9, 0.95);
    Optional<StoppingRule.Decision> d = Optional.empty();
    int n = 0;
    while (d.isEmpty()) {
      n++;
      d = rule.add(50 * Math.exp(r.nextGaussian() * 0.01), n * 1e-4);
    }
    assertThat(d.get().reason()).as(d.get().detail()).isEqualTo(StopReason.RESOLUTION);
    assertThat(n).isBetween(5, 200);
    double hw = Double.parseDouble(d.get().detail().replaceAll(".*; ±([0-9.e-]+) ns a call.*", "$1"));
    assertThat(hw).isLessThanOrEqualTo(StoppingRule.RESOLUTION_NANOS);
  }

  @Test
  void rejectsLimitsThatCannotWork() {
    assertThatThrownBy(() -> new StoppingRule(1, 10, 0.01, 1, 0.95)).hasMessageContaining("min 1");
    assertThatThrownBy(() -> new StoppingRule(5, 4, 0.01, 1, 0.95)).hasMessageContaining("max 4");
  }
}
