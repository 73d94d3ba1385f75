package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.spi.TrialConditions;
import org.junit.jupiter.api.Test;

/** The CPU's contention probe: its verdict on a trial, and the probe itself on this machine. */
class CpuContentionTest {

  @Test
  void aSampleSlowerThanTheQuietTimeByMoreThanTheFactorMarksTheTrialContendedAndSaysByHowMuch() {
    CpuContention probe = new CpuContention();
    for (int i = 0; i < 200; i++) {
      probe.judge(20_000 + (i % 10) * 100); // a quiet core: 20.0 to 20.9 µs
    }
    TrialConditions noise = probe.judge(24_000);
    assertThat(noise.throttleReasons()).as("1.2x: noise").isEmpty();
    assertThat(noise.slowdown()).isCloseTo(1.2, within(0.02));
    TrialConditions contended = probe.judge(32_000);
    assertThat(contended.throttleReasons()).singleElement().asString()
        .startsWith(TrialConditions.CPU_CONTENDED).contains("over 1.25x its quiet time");
    assertThat(contended.slowdown()).isCloseTo(1.6, within(0.02));
  }

  @Test
  void theQuietTimeIsALowQuantileNotTheQuickestSampleEverSeen() {
    CpuContention probe = new CpuContention();
    for (int i = 0; i < 200; i++) {
      probe.judge(20_000);
    }
    // one freak sample far below the rest once set the bar for every later trial: 21 µs was then "1.31x"
    probe.judge(15_000);
    assertThat(probe.judge(21_000).throttleReasons()).isEmpty();
  }

  @Test
  void aLongStretchOfContentionDoesNotBecomeTheQuietTimeWhileMostSamplesWereQuiet() {
    CpuContention probe = new CpuContention();
    for (int i = 0; i < 1_000; i++) {
      probe.judge(20_000);
    }
    for (int i = 0; i < 500; i++) {
      probe.judge(30_000);
    }
    assertThat(probe.judge(30_000).throttleReasons()).as("still 1.5x the quiet level").isNotEmpty();
  }

  @Test
  void aTrialWhoseThreadLostItsCoreIsContendedByHowLongItWaitedThoughTheProbeAfterItRanQuiet() {
    CpuContention probe = new CpuContention();
    for (int i = 0; i < 200; i++) {
      probe.judge(20_000);
    }
    TrialConditions waited = probe.judge(20_000, 1.8);
    assertThat(waited.throttleReasons()).singleElement().asString().startsWith(TrialConditions.CPU_CONTENDED)
        .contains("the thread was off its core");
    assertThat(waited.slowdown()).isCloseTo(1.8, within(0.02));
    assertThat(probe.judge(24_000, 1.1).slowdown()).as("both factors at once").isCloseTo(1.32, within(0.02));
    assertThat(probe.judge(20_000, 1.1).throttleReasons()).as("10% off core: within the factor").isEmpty();
  }

  @Test
  void theProbeRunsAndJudgesOnThisMachine() {
    CpuContention probe = new CpuContention();
    probe.prime();
    TrialConditions after = probe.afterTrial();
    assertThat(after.smClockMhz()).isNull();
    assertThat(probe.afterTrial(2_000_000, 1_000_000).slowdown()).as("half the trial off its core")
        .isGreaterThanOrEqualTo(2.0);
    assertThat(after.slowdown()).isPositive();
    assertThat(after.throttleReasons()).hasSizeLessThanOrEqualTo(1);
    assertThat(probe.sink()).as("the products were computed").isNotNaN();
  }
}
