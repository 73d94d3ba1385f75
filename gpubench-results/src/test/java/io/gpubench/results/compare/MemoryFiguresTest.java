package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.Memory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A case's memory as the reports show it: the table cell, the card's lines, the report entries. */
class MemoryFiguresTest {
  static final HostMemory HOST = new HostMemory(4016.0, 40_160_000L, 10_000, 3L, 2.5, List.of(1, 4), 5,
      200L << 20, 256L << 20, Map.of());

  @Test
  void theCellShowsTheDevicePeakAndTheBytesACall() {
    var c = MemoryFigureTest.withMemory(new Memory(6L << 20, null, null, HOST, null));
    assertThat(MemoryFigures.cell(c)).isEqualTo("6 MiB peak · 3.922 KiB/call");
    assertThat(MemoryFigures.cell(MemoryFigureTest.withMemory(new Memory(null, null, null)))).isEmpty();
    assertThat(MemoryFigures.any(MemoryFigureTest.withMemory(null))).isFalse();
  }

  @Test
  void theCardAndTheEntriesNameEachFigure() {
    var device = new DeviceMemory(500L << 20, 9L << 30, 10L << 30, 141L << 30, 12, "NVML");
    Memory m = new Memory(6L << 20, null, null, HOST, device);
    var withNvml = MemoryFigureTest.withMemory(m);
    assertThat(MemoryFigures.cell(withNvml)).as("NVML's process peak first").isEqualTo("9 GiB peak · 3.922 KiB/call");
    assertThat(MemoryFigures.lines(m).get("device memory of the process")).startsWith("9 GiB at its peak, 500 MiB "
        + "before the set-up (the case's own: 8.512 GiB); the device 10 GiB in use of 141 GiB");
    assertThat(MemoryFigures.entries(m)).containsEntry("gpubench.deviceMemory", "9 GiB peak, 8.512 GiB over set-up");
    assertThat(MemoryFigures.lines(m)).containsKeys("peak device memory", "allocated per call", "GC in trials",
        "peak resident set");
    assertThat(MemoryFigures.lines(m).get("GC in trials")).isEqualTo("3 collections, 2.5 ms, during 2 of 5 trials");
    assertThat(MemoryFigures.lines(m).get("allocated per call"))
        .isEqualTo("3.922 KiB on the calling thread (38.3 MiB over 10,000 calls)");
    assertThat(MemoryFigures.entries(m)).containsEntry("gpubench.allocatedPerCall", "4016.0 B")
        .containsEntry("gpubench.peakResident", "200 MiB").containsKey("gpubench.gc");
  }
}
