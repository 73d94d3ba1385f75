package io.gpubench.engine.roofline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.gpubench.api.Precision;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.spi.DevicePeaks;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RooflineTest {
  private static final DevicePeaks PEAKS = new DevicePeaks(Map.of(Precision.FP16, 1000e12), 4e12, "datasheet: test");

  @Test
  void aLargeGemmIsComputeBound() {
    double flops = 2.0 * 8192 * 8192 * 8192;
    double bytes = 2.0 * 3 * 8192 * 8192;
    Throughput t = Roofline.of(flops, bytes, null, 2_000_000, Precision.FP16, Optional.of(PEAKS));

    assertThat(t.boundBy()).isEqualTo("compute");
    assertThat(t.boundNanos()).isCloseTo(flops / 1000e12 * 1e9, offset(1e-6));
    assertThat(t.gap()).isCloseTo(2_000_000 / (flops / 1000e12 * 1e9), offset(1e-9));
    assertThat(t.flopsPerSecond()).isCloseTo(flops / 2e-3, offset(1.0));
    assertThat(t.peakSource()).isEqualTo("datasheet: test");
  }

  @Test
  void aCopyIsMemoryBoundAndAnUnknownPeakGivesNoBound() {
    Throughput copy = Roofline.of(null, 8e9, null, 4e6, Precision.FP16, Optional.of(PEAKS));
    assertThat(copy.boundBy()).isEqualTo("memory");
    assertThat(copy.gap()).isCloseTo(2.0, offset(1e-12));

    Throughput fp32 = Roofline.of(1e9, null, 64.0, 1e6, Precision.FP32, Optional.of(PEAKS));
    assertThat(fp32.boundNanos()).isNull();
    assertThat(fp32.itemsPerSecond()).isCloseTo(64_000, offset(1e-6));
    assertThat(Roofline.of(null, null, null, 1, Precision.FP32, Optional.empty())).isNull();
  }
}
