package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.spi.TrialConditions;
import org.junit.jupiter.api.Test;

/** The CPU's contention probe: its verdict on a trial, and the probe itself on this machine. */
class CpuContentionTest {

  @Test
  void aProbeSlowerThanItsQuietestByMoreThanTheFactorMarksTheTrialContended() {
    CpuContention probe = new CpuContention();
    assertThat(probe.judge(20_000).throttleReasons()).as("the first is the quietest").isEmpty();
    assertThat(probe.judge(24_000).throttleReasons()).as("1.2x: noise").isEmpty();
    assertThat(probe.judge(32_000).throttleReasons()).singleElement().asString()
        .startsWith(TrialConditions.CPU_CONTENDED).contains("over 1.25x its quiet time");
    assertThat(probe.judge(16_000).throttleReasons()).as("a quieter probe lowers the bar").isEmpty();
    assertThat(probe.judge(21_000).throttleReasons()).as("1.31x the new quietest").isNotEmpty();
  }

  @Test
  void theProbeRunsAndJudgesOnThisMachine() {
    CpuContention probe = new CpuContention();
    probe.prime();
    TrialConditions after = probe.afterTrial();
    assertThat(after.smClockMhz()).isNull();
    assertThat(after.throttleReasons()).hasSizeLessThanOrEqualTo(1);
    assertThat(probe.sink()).as("the products were computed").isNotNaN();
  }
}
