package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.spi.TrialConditions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void theMachinesQuietTimeIsTheQuickestAnyJvmFoundAndAFileThatCannotBeUsedChangesNothing(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("probe.properties");
    MachineQuietTime machine = new MachineQuietTime(file, "cpu|jvm");
    assertThat(machine.join(9_000)).as("the first JVM's level").isEqualTo(9_000);
    assertThat(machine.join(5_700)).as("a quicker JVM lowers it").isEqualTo(5_700);
    assertThat(machine.join(9_500)).as("a JVM born in a slow stretch").isEqualTo(5_700);
    assertThat(new MachineQuietTime(file, "other cpu|jvm").join(7_000)).as("another key").isEqualTo(7_000);
    assertThat(new MachineQuietTime(file, "cpu|jvm").read()).isEqualTo(5_700);
    Files.writeString(file, "cpu|jvm=not a number\n");
    assertThat(new MachineQuietTime(file, "cpu|jvm").join(8_000)).isEqualTo(8_000);
    Files.writeString(file, "cpu|jvm=50.0\n");
    assertThat(new MachineQuietTime(file, "cpu|jvm").join(8_000)).as("a planted level 160x quicker").isEqualTo(8_000);
    assertThat(new MachineQuietTime(file, "cpu|jvm").read()).as("and replaced").isEqualTo(8_000);
    Path folder = dir.resolve("a folder, not a file");
    Files.createDirectories(folder);
    assertThat(new MachineQuietTime(folder, "cpu|jvm").join(8_000)).as("unusable: its own level").isEqualTo(8_000);
  }

  @Test
  void aJvmBornInASlowStretchJudgesItsTrialsAgainstTheMachinesQuietTime(@TempDir Path dir) {
    MachineQuietTime machine = new MachineQuietTime(dir.resolve("probe.properties"), "cpu|jvm");
    // another JVM found the core at 12.5 µs; this one was born in a stretch 1.6x slower and never saw it quicker
    machine.join(12_500);
    CpuContention slowBorn = new CpuContention(machine);
    for (int i = 0; i < 200; i++) {
      slowBorn.judge(20_000);
    }
    assertThat(slowBorn.judge(20_000).throttleReasons()).as("by its own quiet time: quiet").isEmpty();
    slowBorn.joinMachine();
    assertThat(slowBorn.quietNanos()).isEqualTo(12_500);
    TrialConditions c = slowBorn.judge(20_000);
    assertThat(c.throttleReasons()).as("by the machine's: contended").isNotEmpty();
    assertThat(c.slowdown()).isCloseTo(1.6, within(0.01));
    assertThat(machine.read()).as("a slower JVM leaves the machine's level").isEqualTo(12_500);
  }

}
