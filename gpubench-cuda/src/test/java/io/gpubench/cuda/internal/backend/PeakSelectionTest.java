package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.cuda.CudaException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The {@code gpubench.cuda.peaks} key and the choice between table and probe, with a fake probe (no GPU). */
class PeakSelectionTest {
  private static final DevicePeaks TABLE = new DevicePeaks(Map.of(Precision.FP16, 989e12), 4.8e12, "datasheet: X");
  private static final DevicePeaks MEASURED = new DevicePeaks(Map.of(Precision.FP16, 800e12), 4.3e12, "measured: X");

  private final AtomicInteger probes = new AtomicInteger();
  private final List<String> log = new ArrayList<>();

  private PeakSelection selection(PeakSelection.Mode mode, Optional<DevicePeaks> table, boolean probeFails) {
    Supplier<DevicePeaks> probe = () -> {
      probes.incrementAndGet();
      if (probeFails) {
        throw new CudaException(CudaException.Api.DRIVER, "cuMemAlloc_v2", 2, "CUDA_ERROR_OUT_OF_MEMORY",
            "out of memory", "probe A");
      }
      return MEASURED;
    };
    return new PeakSelection(mode, "cuda:0 (Some GPU)", () -> table, probe, log::add);
  }

  @Test
  void keyParsesCaseInsensitivelyWithDatasheetAsDefault() {
    assertThat(PeakSelection.Mode.parse(Optional.empty())).isEqualTo(PeakSelection.Mode.DATASHEET);
    assertThat(PeakSelection.Mode.parse(Optional.of("  "))).isEqualTo(PeakSelection.Mode.DATASHEET);
    assertThat(PeakSelection.Mode.parse(Optional.of("datasheet"))).isEqualTo(PeakSelection.Mode.DATASHEET);
    assertThat(PeakSelection.Mode.parse(Optional.of(" Measured "))).isEqualTo(PeakSelection.Mode.MEASURED);
    assertThat(PeakSelection.Mode.parse(Optional.of("NONE"))).isEqualTo(PeakSelection.Mode.NONE);
    assertThatThrownBy(() -> PeakSelection.Mode.parse(Optional.of("probe")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("gpubench.cuda.peaks='probe' is not one of datasheet, measured, none");
  }

  @Test
  void datasheetUsesTheTableAndNeverProbesAKnownGpu() {
    PeakSelection s = selection(PeakSelection.Mode.DATASHEET, Optional.of(TABLE), false);
    assertThat(s.peaks()).contains(TABLE);
    assertThat(probes).hasValue(0);
    assertThat(log).isEmpty();
  }

  @Test
  void datasheetMeasuresAGpuMissingFromTheTableOnce() {
    PeakSelection s = selection(PeakSelection.Mode.DATASHEET, Optional.empty(), false);
    assertThat(s.peaks()).contains(MEASURED);
    assertThat(s.peaks()).contains(MEASURED);
    assertThat(probes).hasValue(1);
    assertThat(log.get(0)).contains("cuda:0 (Some GPU) is not in the datasheet table; measuring");
  }

  @Test
  void measuredProbesOnceAndKeepsTheResult() {
    PeakSelection s = selection(PeakSelection.Mode.MEASURED, Optional.of(TABLE), false);
    for (int i = 0; i < 3; i++) {
      assertThat(s.peaks()).contains(MEASURED);
    }
    assertThat(probes).hasValue(1);
    assertThat(log).containsExactly("gpubench-cuda: cuda:0 (Some GPU) peaks measured: X");
  }

  @Test
  void aFailedProbeFallsBackToTheTableWithTheReasonAndIsNotRetried() {
    PeakSelection s = selection(PeakSelection.Mode.MEASURED, Optional.of(TABLE), true);
    assertThat(s.peaks()).contains(TABLE);
    assertThat(s.peaks()).contains(TABLE);
    assertThat(probes).hasValue(1);
    assertThat(log).singleElement().asString()
        .contains("measuring the peaks of cuda:0 (Some GPU) failed", "CUDA_ERROR_OUT_OF_MEMORY", "using datasheet: X");
  }

  @Test
  void aFailedProbeOfAnUnknownGpuLeavesNoPeaks() {
    PeakSelection s = selection(PeakSelection.Mode.DATASHEET, Optional.empty(), true);
    assertThat(s.peaks()).isEmpty();
    assertThat(log.get(1)).contains("its cases get no roofline bound");
  }

  @Test
  void noneGivesNoPeaksAndNeverProbes() {
    PeakSelection s = selection(PeakSelection.Mode.NONE, Optional.of(TABLE), false);
    assertThat(s.peaks()).isEmpty();
    assertThat(probes).hasValue(0);
  }
}
