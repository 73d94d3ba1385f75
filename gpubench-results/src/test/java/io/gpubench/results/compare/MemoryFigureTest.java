package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.Memory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The memory rule: 1% + 1 MiB on the device, 1% + 1024 B a trial per call on the host; a doubling is always more. */
class MemoryFigureTest {
  static CaseResult withMemory(Memory m) {
    return new CaseResult("x#y[n=1][FP32][cuda:0]", "x", "y", "y", null, null, Map.of(), CaseStatus.PASSED, null,
        null, null, null, null, m, Map.of());
  }

  static CaseResult device(long peakBytes) {
    return withMemory(new Memory(null, null, null, null, new DeviceMemory(0L, peakBytes, peakBytes, 1L << 40, 10,
        "NVML")));
  }

  static CaseResult host(double perCall) {
    return withMemory(new Memory(null, null, null, new HostMemory(perCall, null, 1000, 0L, 0.0, List.of(), 1, null,
        null, Map.of()), null));
  }

  @Test
  void theDevicesAllowanceIsOnePercentAndAMebibyte() {
    double gib = 1L << 30;
    MemoryFigure f = MemoryFigure.PEAK_DEVICE_MEMORY;
    assertThat(f.allowance(9.8 * gib, 1)).isCloseTo(0.098 * gib + (1 << 20), within(1.0));
    var grown = f.compare(9.8 * gib, device((long) (14.1 * gib))).orElseThrow();
    assertThat(grown.outcome()).isEqualTo(MemoryComparison.Outcome.MORE);
    assertThat(grown.describe()).isEqualTo(
        "peakDeviceMemory 9.8 GiB → 14.1 GiB (+43.9%), allowed ±101.4 MiB (1% + 1 MiB)");
    assertThat(f.compare(9.8 * gib, device((long) (9.8 * gib) + (50L << 20))).orElseThrow().outcome())
        .isEqualTo(MemoryComparison.Outcome.SAME);
    assertThat(f.compare(9.8 * gib, device((long) (8 * gib))).orElseThrow().outcome())
        .isEqualTo(MemoryComparison.Outcome.LESS);
  }

  @Test
  void bytesPerCallAllowTheTrialsBookkeepingOverItsCalls() {
    MemoryFigure f = MemoryFigure.ALLOCATED_BYTES_PER_CALL;
    // with 1000 calls a trial (host() has no timing: one call a trial is assumed, the widest allowance)
    assertThat(f.allowance(4016, 1000)).isCloseTo(40.16 + 1.024, within(1e-9));
    // a warm-up cut short: unfinished code allocates what finished code does not
    assertThat(f.allowance(4016, 1000, true)).isCloseTo(40.16 + 1.024 + 2048, within(1e-9));
    assertThat(f.rule(true)).isEqualTo("1% + 1024 B a trial over its calls + 2048 B a call: the warm-up was cut "
        + "short, and unfinished code allocates what finished code does not");
    assertThat(f.allowance(0, 1)).isEqualTo(1024.0);
    // a doubled float[1000], even at one call a trial
    assertThat(f.compare(4016, host(8056)).orElseThrow().outcome()).isEqualTo(MemoryComparison.Outcome.MORE);
    assertThat(f.compare(4016, 8056, 1, true).outcome()).isEqualTo(MemoryComparison.Outcome.MORE);
    assertThat(f.compare(4016, host(4016.02)).orElseThrow().outcome()).isEqualTo(MemoryComparison.Outcome.SAME);
    assertThat(f.compare(0, host(4096)).orElseThrow().outcome()).isEqualTo(MemoryComparison.Outcome.MORE);
    // the history-gate sample's first case, unchanged, at 2,812 and 2,397 calls a trial: its ~1 KiB a trial
    assertThat(f.compare(0.3975, 0.448, 2397, false).outcome()).isEqualTo(MemoryComparison.Outcome.SAME);
  }

  @Test
  void aDoublingIsAlwaysMore() {
    for (MemoryFigure f : MemoryFigure.values()) {
      for (double base : new double[] {0.5, 16, 4016, 1 << 20, 80.0 * (1L << 30)}) {
        if (f != MemoryFigure.ALLOCATED_BYTES_PER_CALL && base < (2 << 20)) {
          continue; // a device figure under 2 MiB doubles within its 1 MiB
        }
        if (f == MemoryFigure.ALLOCATED_BYTES_PER_CALL && base < MemoryFigure.TRIAL_SLACK_BYTES) {
          continue; // below a trial's bookkeeping at one call a trial
        }
        assertThat(2 * base).as(f + " at " + base).isGreaterThan(base + f.allowance(base, 1));
      }
    }
  }

  @Test
  void aCaseWithoutTheFigureIsNotComparedAndNamesAreChecked() {
    assertThat(MemoryFigure.DEVICE_MEMORY_DELTA.compare(1, host(1))).isEmpty();
    assertThat(MemoryFigure.of("deviceMemoryDelta")).isEqualTo(MemoryFigure.DEVICE_MEMORY_DELTA);
    assertThatThrownBy(() -> MemoryFigure.of("peakMemory")).hasMessageContaining("unknown memory figure 'peakMemory'")
        .hasMessageContaining("allocatedBytesPerCall, peakDeviceMemory, deviceMemoryDelta");
    assertThat(Figures.bytes(4016.0)).isEqualTo("3.922 KiB");
    assertThat(Figures.bytes(512.0)).isEqualTo("512 B");
  }
}
