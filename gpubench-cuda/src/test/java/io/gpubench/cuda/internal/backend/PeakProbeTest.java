package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.DevicePeaks;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The probe's arithmetic (no GPU) and, where there is a GPU, plausible figures from it. */
class PeakProbeTest {

  @Test
  void gemmCountsTwoFlopsPerTerm() {
    assertThat(PeakProbe.gemmFlops(8192)).isEqualTo(1_099_511_627_776.0);
    assertThat(PeakProbe.gemmFlops(2)).isEqualTo(16.0);
  }

  @Test
  void copyCountsReadAndWrite() {
    assertThat(PeakProbe.copyBytes(1L << 30)).isEqualTo(2.0 * (1L << 30));
  }

  @Test
  void copyIsOneGibOrAnEighthOfASmallerDevice() {
    assertThat(PeakProbe.copySize(143_771_000_000L)).isEqualTo(1L << 30);
    assertThat(PeakProbe.copySize(8L << 30)).isEqualTo(1L << 30);
    assertThat(PeakProbe.copySize(4L << 30)).isEqualTo(512L << 20);
    assertThat(PeakProbe.copySize(6_000_000_000L)).isEqualTo(715L << 20);
    assertThat(PeakProbe.copySize(1000)).isEqualTo(1L << 20);
  }

  @Test
  void sourceNamesWhatWasMeasuredAndWhatWasNot() {
    Map<Precision, Double> rates = new EnumMap<>(Precision.class);
    rates.put(Precision.FP32, 51.04e12);
    rates.put(Precision.FP16, 763.2e12);
    String s = PeakProbe.source(rates, List.of("FP8_E4M3 (no algorithm)"),
        "device-to-device copy of 1 GiB 4.3 TB/s (read + write counted)", 1_500_000_000L);
    assertThat(s).isEqualTo("measured: cuBLASLt 8192³ GEMM, best of 10 after 3 warm-up, TFLOP/s FP32 51.0 FP16 763.2,"
        + " not measured: FP8_E4M3 (no algorithm); device-to-device copy of 1 GiB 4.3 TB/s (read + write counted);"
        + " probe 1.5 s");
  }

  @Test
  void measuresPlausiblePeaksOnAGpu() {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    assumeTrue(b.unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.unavailableReason().orElse(""));
    CudaBackend cuda = (CudaBackend) b;
    DevicePeaks p = PeakProbe.measure(cuda);
    System.out.println("PeakProbeTest on " + cuda + ": " + p.source());
    Datasheet.lookup(cuda.device().orElseThrow().name())
        .ifPresent(d -> System.out.println("PeakProbeTest datasheet: " + d.source() + " " + d.flopsPerSecond()
            + " bandwidth " + d.bytesPerSecond()));
    assertThat(p.source()).startsWith("measured: ").doesNotContain("not measured");
    assertThat(p.bytesPerSecond()).isPositive();
    double fp32 = p.flopsPerSecond(Precision.FP32).orElseThrow();
    assertThat(fp32).isPositive();
    if (cuda.unsupported(Precision.BF16).isEmpty()) {
      assertThat(p.flopsPerSecond(Precision.FP16).orElseThrow()).isGreaterThan(fp32);
      assertThat(p.flopsPerSecond(Precision.BF16).orElseThrow()).isGreaterThan(fp32);
      assertThat(p.flopsPerSecond(Precision.TF32).orElseThrow()).isGreaterThan(fp32);
    }
    if (cuda.unsupported(Precision.FP8_E4M3).isEmpty()) {
      assertThat(p.flopsPerSecond(Precision.FP8_E4M3).orElseThrow())
          .isGreaterThan(p.flopsPerSecond(Precision.FP16).orElseThrow());
    }
  }
}
