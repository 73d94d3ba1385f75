package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When C2 can have compiled a trial loop, by HotSpot's tiered policy. */
class JitThresholdsTest {
  private final JitThresholds hotSpot = JitThresholds.hotSpotDefaults();

  @Test
  void aLoopOfFewCallsIsDueAfterTheFirstReportPastSixHundredRunsAndFifteenThousandCounts() {
    assertThat(hotSpot.reached(1_023, 29 * 1_023L)).as("C1 reports every 1,024 runs").isFalse();
    assertThat(hotSpot.reached(1_024, 29 * 1_024L)).isTrue();
    assertThat(hotSpot.runsToGo(0, 0, 29)).isEqualTo(1_024);
    assertThat(hotSpot.reached(2_048, 2_048)).as("4,096 runs and calls, under 15,000").isFalse();
    assertThat(hotSpot.runsToGo(0, 0, 1)).as("5,120 runs alone come first").isEqualTo(5_120);
  }

  @Test
  void aLoopOfManyCallsIsDueForItsOwnCompilationAfterFortyThousandBackEdges() {
    assertThat(hotSpot.reached(2, 40_000)).as("reported every 8,192 back-edges: 40,960").isFalse();
    assertThat(hotSpot.reached(2, 40_960)).isTrue();
    assertThat(hotSpot.runsToGo(0, 0, 20_000)).isEqualTo(3);
  }

  @Test
  void thisJvmsThresholdsAreReadFromItsFlags() {
    JitThresholds vm = JitThresholds.ofThisVm();
    assertThat(vm.known()).as("tests run on HotSpot with tiered compilation").isTrue();
    assertThat(vm.describe()).startsWith("C2 compiles the trial loop after 1,024 runs");
  }

  @Test
  void countsAreKeptPerLoopClassAcrossCases() {
    class LoopA {}
    class LoopB {}
    JitThresholds.count(LoopA.class, 3, 30);
    JitThresholds.count(LoopA.class, 2, 20);
    assertThat(JitThresholds.counts(LoopA.class)).containsExactly(5, 50);
    assertThat(JitThresholds.counts(LoopB.class)).containsExactly(0, 0);
  }
}
