package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.CacheMode;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.declaration.TrialPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How many trials the engine asks a runner for at a time: the policy's fewest first, then as many again as so far
 * (at first up to the rule's first plateau test), never more than about {@value TrialSeries#BATCH_SECONDS} s of them.
 */
class TrialBatchesTest {
  private static final TrialPolicy POLICY = new TrialPolicy(1, 5, 10_000, 0.001, 0.95, 30, 0, CacheMode.HOT);

  /** Trials of about this many nanoseconds, noisy enough that a target of ±0.1% is not reached in a few. */
  private static List<TrialClock.TrialTime> trials(int count, double nanos, Random random) {
    List<TrialClock.TrialTime> t = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      t.add(new TrialClock.TrialTime(nanos * (1 + 0.05 * random.nextGaussian()), Double.NaN));
    }
    return t;
  }

  @Test
  void shortTrialsComeInBatchesThatDoubleFromTheFirstPlateauTest() {
    TrialSeries series = new TrialSeries(POLICY, 1000);
    Random random = new Random(1);
    assertThat(series.nextBatch()).isEqualTo(5);
    List<Integer> asked = new ArrayList<>();
    while (!series.decided() && asked.size() < 6) {
      int n = series.nextBatch();
      asked.add(n);
      series.add(trials(n, 100_000, random));
    }
    // 5 → 20 (the plateau test's first point) → 40 → 80 ...: a round trip more each time the trials double
    assertThat(asked.subList(0, 3)).containsExactly(5, 15, 20);
  }

  @Test
  void longTrialsAreAskedForAboutFiftyMillisecondsAtATime() {
    TrialSeries series = new TrialSeries(POLICY, 1);
    Random random = new Random(2);
    series.add(trials(5, 20_000_000, random));
    assertThat(series.nextBatch()).as("20 ms trials: 50 ms of them").isEqualTo(2);
  }
}
