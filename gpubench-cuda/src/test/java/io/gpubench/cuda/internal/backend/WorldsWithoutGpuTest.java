package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.nccl.NcclLibrary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the CUDA backend tells the engine about worlds, on any machine: where NCCL is missing the worlds are skipped
 * with that reason; every rank sees the world's GPUs and rank r is {@code cuda:r}; the world's peaks are its GPUs'
 * summed.
 */
class WorldsWithoutGpuTest {

  private static CudaBackend h200(int ordinal) {
    return new CudaBackend(new CudaDevice(ordinal, "NVIDIA H200", 9, 0, 132, 60L << 20, 141L << 30, 232448,
        "0000:0" + (ordinal + 1) + ":00.0", 13000), CaseResources.DEFAULT_WORKSPACE_BYTES, PeakSelection.Mode.DATASHEET);
  }

  @Test
  void worldsNeedNcclAndSayWhyWhereItIsMissing() {
    CudaBackend gpu = h200(0);
    NcclLibrary.unavailableReason().ifPresentOrElse(
        reason -> assertThat(gpu.worldUnsupported(2)).hasValue("world 2 needs NCCL: " + reason),
        () -> assertThat(gpu.worldUnsupported(2)).isEmpty());
    Backend missing = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    missing.unavailableReason().ifPresent(reason -> assertThat(missing.worldUnsupported(2)).hasValue(reason));
  }

  @Test
  void everyRankSeesTheWorldsGpusAndRankRIsCudaR() {
    List<Backend> world = List.of(h200(0), h200(1));
    if (System.getenv("CUDA_VISIBLE_DEVICES") == null) {
      assertThat(world.get(0).worldEnvironment(world)).isEqualTo(Map.of("CUDA_VISIBLE_DEVICES", "0,1"));
    }
    assertThat(world.get(0).idInWorld(0)).isEqualTo(BackendId.of("cuda", 0));
    assertThat(world.get(1).idInWorld(1)).isEqualTo(BackendId.of("cuda", 1));
    assertThat(world.get(0).ranksShareDevice()).isFalse();
  }

  @Test
  void aWorldsPeaksAreItsGpusSummed() {
    CudaBackend a = h200(0);
    List<Backend> world = List.of(a, h200(1));
    DevicePeaks one = a.peaks().orElseThrow();
    DevicePeaks two = a.worldPeaks(world).orElseThrow();
    assertThat(two.flopsPerSecond(Precision.BF16).orElseThrow())
        .isCloseTo(2 * one.flopsPerSecond(Precision.BF16).orElseThrow(), offset(1.0));
    assertThat(two.bytesPerSecond()).isCloseTo(2 * one.bytesPerSecond(), offset(1.0));
    assertThat(two.source()).startsWith("2 x datasheet");
    // no NVML here (or no NVLink between these made-up bus ids): no link term, and the source says so
    if (two.linkBytesPerSecond() == null) {
      assertThat(two.source()).contains("no NVLink figure");
    }
    assertThat(a.worldPeaks(List.of(a)).orElseThrow().linkBytesPerSecond()).isNull();
  }
}
