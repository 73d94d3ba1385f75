package io.gpubench.cuda.internal.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Memory;
import io.gpubench.cuda.internal.jna.Nvtx;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** NVTX's event attributes as NVTX v3 lays them out, ranges pushed from Java, and the attached tool named. */
class ProfilerHooksTest {

  @Test
  void eventAttributesCarryVersionSizeColourAndAsciiMessage() {
    Memory m = NvtxRanges.attributes("Gemm#matmul trials", 0xFF76B900);
    assertThat(m.getShort(0)).isEqualTo(Nvtx.VERSION);
    assertThat(m.getShort(2)).isEqualTo(Nvtx.EVENT_ATTRIBUTES_SIZE);
    assertThat(m.getInt(4)).as("category").isZero();
    assertThat(m.getInt(Nvtx.OFFSET_COLOR_TYPE)).isEqualTo(Nvtx.COLOR_ARGB);
    assertThat(m.getInt(Nvtx.OFFSET_COLOR)).isEqualTo(0xFF76B900);
    assertThat(m.getInt(16)).as("payloadType").isZero();
    assertThat(m.getInt(Nvtx.OFFSET_MESSAGE_TYPE)).isEqualTo(Nvtx.MESSAGE_TYPE_ASCII);
    assertThat(m.getPointer(Nvtx.OFFSET_MESSAGE).getString(0)).isEqualTo("Gemm#matmul trials");
  }

  @Test
  void rangesArePushedAndPoppedThroughLibnvtx3interop() {
    // Without a tool injected the calls do nothing, but they are made: the library loads and takes them.
    assumeTrue(NvtxRanges.unavailableReason().isEmpty(), () -> NvtxRanges.unavailableReason().get());
    NvtxRanges nvtx = NvtxRanges.domain("gpubench-test");
    try (NvtxRanges.Range outer = nvtx.push("case"); NvtxRanges.Range inner = nvtx.push("trials")) {
      assertThat(inner.attributes()).isNotNull();
    }
  }

  @Test
  void withoutNvtxADomainIsInert() {
    assumeTrue(NvtxRanges.unavailableReason().isPresent(), "NVTX is present here");
    try (NvtxRanges.Range r = NvtxRanges.domain("gpubench").push("case")) {
      assertThat(r.attributes()).isNull();
    }
    assertThat(NvtxRanges.unavailableReason().get()).startsWith("no NVTX: libnvtx3interop");
  }

  @Test
  void theSessionsHooksOpenRangesWhereverNvtxIsAndSayWhyNot() {
    io.gpubench.api.spi.ProfilerHooks hooks = CudaProfiler.hooks(() -> {
      throw new AssertionError("a range needs no context: only a capture does");
    });
    try (io.gpubench.api.spi.ProfilerHooks.Range r = hooks.range("examples.Gemm#matmul[n=1][FP16][cuda:0] trials")) {
      assertThat(r).isNotNull();
    }
    assertThat(hooks.rangesUnavailable()).isEqualTo(NvtxRanges.unavailableReason());
    assertThat(hooks.attachedProfiler()).isEqualTo(CudaProfiler.attachedTool());
  }

  @Test
  void theAttachedToolIsNamedFromItsInjectionVariables() {
    assertThat(CudaProfiler.attachedTool(Map.of())).isEmpty();
    assertThat(CudaProfiler.attachedTool(Map.of("NSYS_PROFILING_SESSION_ID", "3")))
        .hasValue("Nsight Systems (NSYS_PROFILING_SESSION_ID=3)");
    assertThat(CudaProfiler.attachedTool(Map.of("CUDA_INJECTION64_PATH",
        "/opt/nvidia/nsight-compute/2025.3/target/linux-desktop-glibc_2_11_3-x64/libTreeLauncherTargetInjection.so")))
        .hasValueSatisfying(t -> assertThat(t).startsWith("Nsight Compute (CUDA_INJECTION64_PATH="));
  }
}
