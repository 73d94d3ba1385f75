package io.gpubench.djl.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class AutoBatchSizeTest {

  private static final long MIB = 1 << 20;

  /** A device where a batch costs a fixed 1000 MiB plus 100 MiB a sample. */
  private static OptionalLong linear(int batch) {
    return OptionalLong.of((1000 + 100L * batch) * MIB);
  }

  @Test
  void picksTheLargestProbedBatchWithinNinetyPercent() {
    // limit 0.9 * 10000 = 9000 MiB: 80 samples fit (9000 MiB exactly); the doubling probes are 1..64, and 128
    // would need 13800 MiB.
    AutoBatchSize.Choice choice = AutoBatchSize.choose("linear", AutoBatchSizeTest::linear, 10_000 * MIB, 1024);
    assertThat(choice.batch()).isEqualTo(64);
    assertThat(choice.limitBytes()).isEqualTo(9000 * MIB);
    assertThat(choice.probes()).extracting(AutoBatchSize.Probe::batch).containsExactly(1, 2, 4, 8, 16, 32, 64);
  }

  @Test
  void doesNotProbeABatchItsExtrapolationSaysWillNotFit() {
    List<Integer> probed = new ArrayList<>();
    AutoBatchSize.choose("linear", b -> {
      probed.add(b);
      return linear(b);
    }, 10_000 * MIB, 1024);
    assertThat(probed).doesNotContain(128);
  }

  @Test
  void stopsAtTheFirstBatchThatRunsOutOfMemory() {
    AutoBatchSize.Choice choice = AutoBatchSize.choose("oom",
        b -> b >= 16 ? OptionalLong.empty() : OptionalLong.of(b * MIB), 1_000_000 * MIB, 1024);
    assertThat(choice.batch()).isEqualTo(8);
    assertThat(choice.probes()).last().isEqualTo(new AutoBatchSize.Probe(16, -1, false));
  }

  @Test
  void stopsAtTheCapAndProbesIt() {
    AutoBatchSize.Choice choice = AutoBatchSize.choose("small", b -> OptionalLong.of(b), 1_000_000 * MIB, 6);
    assertThat(choice.batch()).isEqualTo(6);
    assertThat(choice.probes()).extracting(AutoBatchSize.Probe::batch).containsExactly(1, 2, 4, 6);
  }

  @Test
  void failsWithTheFiguresWhenNothingFits() {
    assertThatThrownBy(() -> AutoBatchSize.choose("huge", b -> OptionalLong.of(20_000 * MIB), 10_000 * MIB, 64))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("huge")
        .hasMessageContaining("9000 MiB")
        .hasMessageContaining("20000 MiB");
  }

  @Test
  void sizesARealModelOnTheCpuByTrainingIt() {
    ai.djl.ndarray.types.Shape sample = new ai.djl.ndarray.types.Shape(3, 16, 16);
    AutoBatchSize.PeakMemory peak = new TrainingPeakMemory("small",
        () -> new ai.djl.nn.SequentialBlock()
            .add(ai.djl.nn.Blocks.batchFlattenBlock())
            .add(ai.djl.nn.core.Linear.builder().setUnits(4).build()),
        TrainingObjective.classification(sample, 4), ai.djl.Device.cpu(), ai.djl.ndarray.types.DataType.FLOAT32,
        ProcessMemory.linux());
    AutoBatchSize.Choice choice = AutoBatchSize.choose("small", peak, ProcessMemory.linux().capacityBytes(), 8);
    assertThat(choice.batch()).isEqualTo(8);
    assertThat(choice.probes()).extracting(AutoBatchSize.Probe::batch).containsExactly(1, 2, 4, 8);
    assertThat(choice.probes()).allSatisfy(p -> assertThat(p.peakBytes()).isPositive());
  }

  @Test
  void processMemorySeesALargeAllocationInItsPeak() {
    DeviceMemory memory = ProcessMemory.linux();
    memory.resetPeak();
    long before = memory.peakBytes();
    byte[] block = new byte[256 << 20];
    java.util.Arrays.fill(block, (byte) 1); // touch every page so that it is resident
    assertThat(memory.peakBytes()).isGreaterThanOrEqualTo(before + (200L << 20));
    assertThat(memory.capacityBytes()).isGreaterThan(block.length);
  }
}
