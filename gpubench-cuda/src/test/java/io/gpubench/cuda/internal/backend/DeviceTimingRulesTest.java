package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.DeviceTiming;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.CudaException;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.ErrorCodes;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The automatic choice of a device timing mode, the messages of a failed capture and of a blocked trial that timed
 * out, and the driver entry points and constants they use, against {@code cuda.h}; no GPU needed.
 */
class DeviceTimingRulesTest {

  @Test
  void shortTrialsAreReplayedFromAGraph() {
    // the H200's 1024³ FP16 GEMM: 17.0 µs for one call between events, queued in 6 µs
    AutoTiming.Choice c = AutoTiming.choose(17_000, 6_000);
    assertThat(c.mode()).isEqualTo(DeviceTiming.GRAPH);
    assertThat(c.reason()).startsWith("auto: a trial took 17.0 µs between events around plain launches, and 6.00 µs"
        + " to queue; under 1.00 ms the launch path").contains("replayed from a CUDA graph");
    assertThat(AutoTiming.choose(999_999, 1_000).mode()).isEqualTo(DeviceTiming.GRAPH);
  }

  @Test
  void longTrialsThatTheHostKeepsAheadOfAreTimedWithEvents() {
    // the H200's 8192³ FP16 GEMM: 1.44 ms
    AutoTiming.Choice c = AutoTiming.choose(1_440_000, 9_000);
    assertThat(c.mode()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(c.reason()).contains("1.44 ms", "9.00 µs", "about 1% of a trial or less");
    assertThat(AutoTiming.choose(AutoTiming.EVENTS_FROM_NANOS, 0).mode()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(AutoTiming.choose(2e6, 1e6).mode()).as("queued in exactly half").isEqualTo(DeviceTiming.EVENTS);
  }

  @Test
  void longTrialsThatMakeTheDeviceWaitForTheHostAreReplayedFromAGraph() {
    // 1,000 calls of a 2 µs kernel that take 4 µs each to launch: the events would time the host
    AutoTiming.Choice c = AutoTiming.choose(4.1e6, 4.0e6);
    assertThat(c.mode()).isEqualTo(DeviceTiming.GRAPH);
    assertThat(c.reason()).contains("4.10 ms", "4.00 ms", "over half the device time");
  }

  @Test
  void onAFrameworksLegacyDefaultStreamShortTrialsAreBlockedNotReplayed() {
    // DJL's 2048³ FP32 GEMM on the H200: about 340 µs, under the 1 ms of the graph rule
    AutoTiming.Choice auto = AutoTiming.choose(345_000, 30_000);
    AutoTiming.Choice c = AutoTiming.onUncapturableStream(DeviceTiming.AUTO, auto.mode(), auto.reason(), 345_000,
        "pytorch-default-stream", "matmul [2048x2048x2048, FP32, cuda:0]");
    assertThat(c.mode()).isEqualTo(DeviceTiming.BLOCKED);
    assertThat(c.reason()).startsWith(auto.reason()).contains("pytorch-default-stream",
        "legacy default stream, which CUDA cannot capture", "behind a blocking kernel on that stream");

    assertThat(AutoTiming.onUncapturableStream(DeviceTiming.AUTO, DeviceTiming.EVENTS, "long", 2e6, "s", "c"))
        .isEqualTo(new AutoTiming.Choice(DeviceTiming.EVENTS, "long"));
    assertThat(AutoTiming.onUncapturableStream(DeviceTiming.BLOCKED, DeviceTiming.BLOCKED, "asked", Double.NaN,
        "s", "c")).isEqualTo(new AutoTiming.Choice(DeviceTiming.BLOCKED, "asked"));
  }

  @Test
  void onALegacyDefaultStreamACallAsLongToQueueAsToRunIsTimedWithEvents() {
    // a DJL training step: 38 ms on the device, 38 ms to "queue", since it ends by reading the loss on the host
    AutoTiming.Choice auto = AutoTiming.choose(38e6, 38e6);
    assertThat(auto.mode()).isEqualTo(DeviceTiming.GRAPH);
    AutoTiming.Choice c = AutoTiming.onUncapturableStream(DeviceTiming.AUTO, auto.mode(), auto.reason(), 38e6,
        "pytorch-default-stream", "resnet50 [256, FP32, cuda:0]");
    assertThat(c.mode()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(c.reason()).contains("waits for the device itself", "events around plain launches on that stream");
  }

  @Test
  void graphModeAskedForOnALegacyDefaultStreamFailsWithTheWayOut() {
    assertThatThrownBy(() -> AutoTiming.onUncapturableStream(DeviceTiming.GRAPH, DeviceTiming.GRAPH, "asked",
        Double.NaN, "pytorch-default-stream", "matmul [1x1x1, FP16, cuda:0]"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("matmul [1x1x1, FP16, cuda:0]")
        .hasMessageContaining("cannot capture into a graph")
        .hasMessageContaining("gpubench.cuda.timing=blocked");
  }

  @Test
  void theDeviceClockNamesAFrameworksStream() {
    assertThat(EventClock.deviceClock(null)).isEqualTo("cuda-event");
    assertThat(EventClock.deviceClock("pytorch-default-stream")).isEqualTo("cuda-event@pytorch-default-stream");
  }

  @Test
  void durationsHaveThreeDigitsAndTheirUnit() {
    assertThat(AutoTiming.duration(5.4)).isEqualTo("5.40 ns");
    assertThat(AutoTiming.duration(17_000)).isEqualTo("17.0 µs");
    assertThat(AutoTiming.duration(1e6)).isEqualTo("1.00 ms");
    assertThat(AutoTiming.duration(2.5e9)).isEqualTo("2.50 s");
    assertThat(AutoTiming.duration(Double.NaN)).isEqualTo("NaN");
  }

  private static CudaException unsupported(String call, String detail) {
    return CudaErrors.cudaError(900, call, detail);
  }

  @Test
  void aCallThatWaitsForTheDeviceIsNamedWithTheCudaError() {
    GraphCaptureException e = GraphCaptureException.thrown("A#b[n=1][FP32][cuda:0]",
        unsupported("cuCtxSynchronize", "A#b"));
    assertThat(e.getMessage())
        .startsWith("cannot capture the calls of a trial of A#b[n=1][FP32][cuda:0] into a CUDA graph: the workload"
            + " waits for the device inside a call (a synchronize, or a stream or event query), which a capture"
            + " cannot record: cuCtxSynchronize failed: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED (900)")
        .endsWith("time this case with gpubench.cuda.timing=blocked or events, or @Trials(deviceTiming = BLOCKED"
            + " or EVENTS)");
    assertThat(e.brief()).isEqualTo("waits for the device inside a call (a synchronize, or a stream or event query),"
        + " which a capture cannot record (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED)");
    assertThat(e.getCause()).isInstanceOf(CudaException.class);
  }

  @Test
  void allocatingCopyingAndCompilingInsideACallAreNamed() {
    assertThat(GraphCaptureException.thrown("c", unsupported("cuMemAlloc_v2", "allocating tensor 'x'")).getMessage())
        .contains("allocates memory inside a call (make tensors in a @Setup method", "allocating tensor 'x'");
    assertThat(GraphCaptureException.thrown("c", unsupported("cuMemcpyDtoH_v2", null)).getMessage())
        .contains("copies between host and device synchronously");
    assertThat(GraphCaptureException.thrown("c", unsupported("cuMemcpyDtoDAsync_v2", null)).getMessage())
        .as("an async copy is capturable; the code speaks").contains("makes a call a stream capture cannot record");
    assertThat(GraphCaptureException.thrown("c", unsupported("cuModuleLoadData", null)).getMessage())
        .contains("compiles or loads a kernel");
    assertThat(GraphCaptureException.thrown("c", new RuntimeException("wrapped", unsupported("cuMemFree_v2", null)))
        .getMessage()).contains("frees memory inside a call");
  }

  @Test
  void aCallThatThrowsSomethingElseIsQuoted() {
    GraphCaptureException e = GraphCaptureException.thrown("c", new IllegalStateException("DJL said no"));
    assertThat(e.getMessage()).contains("threw while its calls were being captured",
        "IllegalStateException: DJL said no");
    assertThat(e.brief()).doesNotContain("(CUDA_");
  }

  @Test
  void endOfCaptureErrorsSayWhatTheWorkloadDid() {
    assertThat(GraphCaptureException.ended("c", CudaErrors.cudaError(904, "cuStreamEndCapture", null)).getMessage())
        .contains("forks work onto another stream and does not join it back", "CUDA_ERROR_STREAM_CAPTURE_UNJOINED");
    assertThat(GraphCaptureException.ended("c", CudaErrors.cudaError(901, "cuStreamEndCapture", null)).brief())
        .contains("broke the capture earlier");
    assertThat(GraphCaptureException.byCode(906)).contains("legacy default stream");
    assertThat(GraphCaptureException.byCode(907)).contains("event recorded during the capture");
    assertThat(GraphCaptureException.byCode(1)).isEqualTo("makes a call that fails under stream capture");
    assertThat(GraphCaptureException.empty("c").getMessage())
        .contains("queued no work on the case's stream: it works on another stream");
    assertThat(GraphCaptureException.empty("c").emptyCapture()).isTrue();
    assertThat(GraphCaptureException.thrown("c", unsupported("cuCtxSynchronize", null)).emptyCapture()).isFalse();
  }

  @Test
  void aTimedOutBlockedTrialSaysBothCausesAndTheFigures() {
    BlockedTrialTimeoutException e = new BlockedTrialTimeoutException("A#b", 1_000_000_000L, 1.2e9);
    assertThat(e.getMessage()).startsWith("a blocked trial of A#b timed out: the kernel holding the stream gave up"
        + " after 1.00 s while the host was still queueing the trial's calls (it took 1.20 s)")
        .contains("launch queue", "lower callsPerTrial", "gpubench.cuda.timing=graph", "a synchronize",
            "gpubench.cuda.timing=events", "discarded");
    assertThat(e.brief()).isEqualTo("the host needed 1.20 s to queue a trial, beyond the blocking kernel's timeout"
        + " of 1.00 s");
  }

  // ---- against the CUDA headers, where this machine has them ----

  private static String header() throws Exception {
    Path h = Path.of(System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda"), "include", "cuda.h");
    assumeTrue(Files.isReadable(h), () -> "no CUDA headers at " + h);
    return Files.readString(h);
  }

  private static long enumValue(String text, String name) {
    Matcher m = Pattern.compile("\\b" + name + "\\s*=\\s*(0x[0-9a-fA-F]+|\\d+)").matcher(text);
    if (!m.find()) {
      Matcher d = Pattern.compile("#define\\s+" + name + "\\s+(0x[0-9a-fA-F]+|\\d+)").matcher(text);
      assertThat(d.find()).as(name + " in cuda.h").isTrue();
      return Long.decode(d.group(1));
    }
    return Long.decode(m.group(1));
  }

  @Test
  void captureErrorNamesAndConstantsAreTheHeaders() throws Exception {
    String h = header();
    for (int code = 900; code <= 908; code++) {
      assertThat(enumValue(h, ErrorCodes.cuda(code))).as(ErrorCodes.cuda(code)).isEqualTo(code);
    }
    assertThat(enumValue(h, "CUDA_ERROR_ILLEGAL_STATE")).isEqualTo(401);
    assertThat(enumValue(h, "CU_STREAM_CAPTURE_MODE_THREAD_LOCAL"))
        .isEqualTo(CudaDriver.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
    assertThat(enumValue(h, "CU_MEMHOSTALLOC_PORTABLE")).isEqualTo(CudaDriver.CU_MEMHOSTALLOC_PORTABLE);
    assertThat(enumValue(h, "CU_MEMHOSTALLOC_DEVICEMAP")).isEqualTo(CudaDriver.CU_MEMHOSTALLOC_DEVICEMAP);
  }

  @Test
  void theEntryPointsAreTheOnesCudaHMapsTheApiTo() throws Exception {
    String h = header();
    // cuda.h renames versioned calls: "#define cuGraphInstantiate cuGraphInstantiateWithFlags"; the library exports
    // the new name, and the old one (where it still exists) has another signature.
    String[][] renamed = {
        {"cuGraphInstantiate", "cuGraphInstantiateWithFlags"},
        {"cuStreamBeginCapture", "cuStreamBeginCapture_v2"},
        {"cuMemHostGetDevicePointer", "cuMemHostGetDevicePointer_v2"}};
    for (String[] r : renamed) {
      Matcher m = Pattern.compile("#define\\s+" + r[0] + "\\s+(?:__CUDA_API_PTSZ\\()?(\\w+)").matcher(h);
      assertThat(m.find()).as(r[0]).isTrue();
      assertThat(m.group(1)).as(r[0]).isEqualTo(r[1]);
      assertThat(Arrays.stream(CudaDriver.class.getMethods()).map(Method::getName)).as(r[1]).contains(r[1]);
    }
    for (String plain : new String[] {"cuStreamEndCapture", "cuGraphGetNodes", "cuGraphExecDestroy", "cuGraphDestroy",
        "cuMemHostAlloc", "cuMemFreeHost"}) {
      assertThat(h).as(plain + " is declared under its own name").contains("CUresult CUDAAPI " + plain + "(");
      assertThat(Pattern.compile("#define\\s+" + plain + "\\s+\\w*_v\\d").matcher(h).find()).as(plain).isFalse();
      assertThat(Arrays.stream(CudaDriver.class.getMethods()).map(Method::getName)).contains(plain);
    }
    assertThat(h).contains("CUresult CUDAAPI cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream);");
  }
}
