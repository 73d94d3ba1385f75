package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock.TrialTime;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.Matmul;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The device timing modes on a real GPU: graph capture and replay of a kernel and of a cuBLASLt GEMM (same results
 * as eager launches, device time below the event pair's), what a capture failure says, the blocked mode, and the
 * blocking kernel's timeout when a trial fills the launch queue or synchronises. Skipped with the reason where
 * there is no GPU.
 */
class DeviceTimingGpuTest {
  static final String KERNELS = String.join("\n",
      "extern \"C\" __global__ void saxpy(float* out, const float* x, const float* y, float a, unsigned long long n) {",
      "  unsigned long long i = blockIdx.x * (unsigned long long) blockDim.x + threadIdx.x;",
      "  if (i < n) out[i] = a * x[i] + y[i];",
      "}",
      "extern \"C\" __global__ void count(unsigned* c) { atomicAdd(c, 1u); }",
      "extern \"C\" __global__ void nothing(int unused) {}");

  private CudaBackendSession s;

  @BeforeEach
  void open() throws Exception {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    assumeTrue(b.unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.unavailableReason().orElse(""));
    s = (CudaBackendSession) b.open(new SessionSpec("DeviceTimingGpuTest", Precision.FP32, CacheMode.HOT, 10));
  }

  @AfterEach
  void close() {
    if (s != null) {
      s.close();
    }
  }

  /** The median device time of {@code n} trials, per trial; the engine synchronises before each. */
  private double[] trials(CudaTrialClock clock, TrialCalls calls, int n) throws Throwable {
    double[] device = new double[n];
    double[] launch = new double[n];
    for (int i = 0; i < n; i++) {
      s.synchronize();
      TrialTime t = clock.time(calls);
      device[i] = t.deviceNanos();
      launch[i] = t.launchInclusiveNanos();
    }
    return new double[] {median(device), median(launch)};
  }

  private static double median(double[] v) {
    double[] c = v.clone();
    Arrays.sort(c);
    return c[c.length / 2];
  }

  private KernelLaunch saxpy(Tensor out, Tensor x, Tensor y, long n) {
    return s.resources().kernel(KERNELS, "saxpy").bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, out, x, y, 2.0f, n);
  }

  private int count(Tensor counter) {
    return Float.floatToRawIntBits(s.tensors().toHost(counter)[0]);
  }

  @Test
  void eachModeRunsTheCallsAsOftenAsItSays() throws Throwable {
    // graph: probe 1, capture 0 (nothing runs), upload replay 1, then per trial one replay and one plain pass
    int[][] expected = {{5, 0}, {11, 0}, {12, 1}, {12, 1}};
    DeviceTiming[] modes = {DeviceTiming.EVENTS, DeviceTiming.BLOCKED, DeviceTiming.GRAPH, DeviceTiming.AUTO};
    for (int m = 0; m < modes.length; m++) {
      Tensor counter = s.tensors().fromHost("counter", new float[] {0f}, Precision.FP32, 1);
      KernelLaunch l = s.resources().kernel(KERNELS, "count").bind(Dim3.of(1), Dim3.of(1), 0, counter);
      CudaTrialClock clock = s.trialClock(modes[m], CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
      trials(clock, l::run, 5);
      assertThat(count(counter)).as(modes[m].name()).isEqualTo(expected[m][0]);
      assertThat(clock.graphNodes()).as(modes[m].name()).isEqualTo(expected[m][1]);
      assertThat(clock.mode()).isEqualTo(modes[m] == DeviceTiming.AUTO ? DeviceTiming.GRAPH : modes[m]);
    }
  }

  @Test
  void aGraphReplayOfSaxpyComputesWhatEagerLaunchesDoAndTimesBelowTheEventPair() throws Throwable {
    long n = 1 << 20;
    float[] xv = CudaBackendSessionGpuTest.ramp((int) n);
    float[] yv = new float[(int) n];
    Arrays.fill(yv, 0.25f);
    Tensor x = s.tensors().fromHost("x", xv, Precision.FP32, n);
    Tensor y = s.tensors().fromHost("y", yv, Precision.FP32, n);
    Tensor eager = s.tensors().allocate("eager", Precision.FP32, n);
    Tensor replayed = s.tensors().allocate("replayed", Precision.FP32, n);
    saxpy(eager, x, y, n).run();
    KernelLaunch l = saxpy(replayed, x, y, n);

    CapturedCalls g = CapturedCalls.capture(s.resources(), l::run);
    s.poison(replayed);
    g.launch();
    s.synchronize();
    ErrorStats e = s.compare(replayed, eager, 2.0);
    g.close();
    assertThat(e.nonFinite()).as("every element written by the replay").isZero();
    assertThat(e.maxAbs()).isZero();

    double[] graph = trials(s.trialClock(DeviceTiming.GRAPH, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS), l::run, 50);
    double[] events = trials(s.trialClock(DeviceTiming.EVENTS, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS), l::run, 50);
    System.out.printf(Locale.ROOT, "saxpy 1M, one call per trial: graph %.2f us (launch-inclusive beside it %.2f us),"
        + " events %.2f us%n", graph[0] / 1e3, graph[1] / 1e3, events[0] / 1e3);
    assertThat(graph[0]).as("graph replay %.0f ns vs events %.0f ns", graph[0], events[0]).isLessThan(events[0]);
    assertThat(graph[1]).as("the launch-inclusive figure is the events' figure").isGreaterThan(graph[0]);
  }

  @Test
  void aGraphReplayOfACublasLtGemmComputesWhatTheEagerGemmDoesAndTimesBelowTheEventPair() throws Throwable {
    int n = 1024;
    float[] av = CudaBackendSessionGpuTest.ramp(n * n);
    float[] bv = CudaBackendSessionGpuTest.ramp(n * n);
    Tensor a = s.tensors().fromHost("a", av, Precision.FP16, n, n);
    Tensor b = s.tensors().fromHost("b", bv, Precision.FP16, n, n);
    Tensor eager = s.tensors().allocate("eager", Precision.FP16, n, n);
    Tensor replayed = s.tensors().allocate("replayed", Precision.FP16, n, n);
    s.resources().matmul(Precision.FP16, a, b, eager).run();
    Matmul mm = s.resources().matmul(Precision.FP16, a, b, replayed);
    mm.run(); // the warm-up call the engine makes

    CapturedCalls g = CapturedCalls.capture(s.resources(), mm::run);
    s.poison(replayed);
    g.launch();
    s.synchronize();
    ErrorStats e = s.compare(replayed, eager, 2.0);
    g.close();
    System.out.printf(Locale.ROOT, "GEMM 1024^3 FP16 (%s): replay vs eager max|d| %.3g, relL2 %.3g%n",
        mm.algorithm(), e.maxAbs(), e.relL2());
    assertThat(e.nonFinite()).as("every element written by the replay").isZero();
    // The same algorithm on the same data; a split-K algorithm that reduces with atomics may differ in the last bit.
    assertThat(e.relL2()).isLessThan(1e-4);

    double[] graph = trials(s.trialClock(DeviceTiming.GRAPH, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS), mm::run, 100);
    double[] events = trials(s.trialClock(DeviceTiming.EVENTS, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS), mm::run, 100);
    System.out.printf(Locale.ROOT, "GEMM 1024^3 FP16, one call per trial: graph %.2f us (launch-inclusive %.2f us),"
        + " events %.2f us%n", graph[0] / 1e3, graph[1] / 1e3, events[0] / 1e3);
    assertThat(graph[0]).as("graph replay %.0f ns vs events %.0f ns", graph[0], events[0]).isLessThan(events[0]);
  }

  @Test
  void aCaptureFailureSaysWhatTheWorkloadDidWithTheCudaErrorAndLeavesTheSessionUsable() throws Throwable {
    long n = 4096;
    Tensor x = s.tensors().fromHost("x", CudaBackendSessionGpuTest.ramp((int) n), Precision.FP32, n);
    Tensor out = s.tensors().allocate("out", Precision.FP32, n);
    KernelLaunch l = saxpy(out, x, x, n);

    CudaTrialClock syncs = s.trialClock(DeviceTiming.GRAPH, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
    assertThatThrownBy(() -> syncs.time(() -> {
      l.run();
      s.synchronize();
    })).isInstanceOf(GraphCaptureException.class)
        .hasMessageContaining("cannot capture the calls of a trial of DeviceTimingGpuTest into a CUDA graph")
        .hasMessageContaining("waits for the device inside a call")
        .hasMessageContaining("cuCtxSynchronize failed: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED (900)")
        .hasMessageContaining("gpubench.cuda.timing=blocked or events");

    CudaTrialClock allocates = s.trialClock(DeviceTiming.GRAPH, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
    assertThatThrownBy(() -> allocates.time(() -> s.tensors().allocate("per-call", Precision.FP32, 1024)))
        .isInstanceOf(GraphCaptureException.class)
        .hasMessageContaining("allocates memory inside a call")
        .hasMessageContaining("cuMemAlloc_v2 failed: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");

    CudaTrialClock elsewhere = s.trialClock(DeviceTiming.GRAPH, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
    assertThatThrownBy(() -> elsewhere.time(() -> { })).isInstanceOf(GraphCaptureException.class)
        .hasMessageContaining("queued no work on the case's stream");

    // auto: nothing on the case's stream, so events as before, and the reason says so
    CudaTrialClock auto = s.trialClock(DeviceTiming.AUTO, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
    trials(auto, () -> { }, 3);
    assertThat(auto.mode()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(auto.modeReason()).contains("queued no work on the case's stream")
        .contains("so events around plain launches as before");

    // the stream is not left capturing: plain work still runs and synchronises
    s.poison(out);
    l.run();
    s.synchronize();
    assertThat(s.compare(out, out, 2.0).nonFinite()).isZero();
  }

  @Test
  void autoFallsBackToBlockedWhenTheCallsCannotBeCapturedAndSaysWhy() throws Throwable {
    long n = 1 << 20;
    Tensor x = s.tensors().fromHost("x", CudaBackendSessionGpuTest.ramp((int) n), Precision.FP32, n);
    Tensor out = s.tensors().allocate("out", Precision.FP32, n);
    KernelLaunch l = saxpy(out, x, x, n);
    // allocating inside a call cannot be captured, but it does not wait for the held stream (a free would)
    CudaTrialClock clock = s.trialClock(DeviceTiming.AUTO, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);

    double[] t = trials(clock, () -> {
      l.run();
      s.tensors().allocate("per-call", Precision.FP32, 16);
    }, 10);

    assertThat(clock.mode()).isEqualTo(DeviceTiming.BLOCKED);
    assertThat(clock.modeReason()).startsWith("auto: a trial took ")
        .contains("; but the workload allocates memory inside a call")
        .endsWith("(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED), so its calls are queued behind a blocking kernel instead");
    assertThat(t[0]).isPositive().isLessThan(t[1]);
  }

  @Test
  void blockedTrialsTimeDeviceWorkOnlyAndKeepTheLaunchInclusiveFigureApart() throws Throwable {
    long n = 1 << 20;
    Tensor x = s.tensors().fromHost("x", CudaBackendSessionGpuTest.ramp((int) n), Precision.FP32, n);
    Tensor out = s.tensors().allocate("out", Precision.FP32, n);
    KernelLaunch l = saxpy(out, x, x, n);
    l.run();

    CudaTrialClock clock = s.trialClock(DeviceTiming.BLOCKED, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
    double[] blocked = trials(clock, l::run, 50);
    double[] events = trials(s.trialClock(DeviceTiming.EVENTS, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS), l::run, 50);
    System.out.printf(Locale.ROOT, "saxpy 1M, one call per trial: blocked %.2f us (launch-inclusive %.2f us), events"
        + " %.2f us%n", blocked[0] / 1e3, blocked[1] / 1e3, events[0] / 1e3);
    assertThat(clock.mode()).isEqualTo(DeviceTiming.BLOCKED);
    assertThat(clock.modeReason()).contains("gpubench.cuda.timing=blocked");
    assertThat(blocked[0]).as("blocked %.0f ns vs events %.0f ns", blocked[0], events[0]).isLessThan(events[0]);
    assertThat(blocked[1]).isGreaterThan(blocked[0]);
  }

  @Test
  void aBlockedTrialThatFillsTheLaunchQueueTimesOutInsteadOfDeadlocking() throws Throwable {
    KernelLaunch nothing = s.resources().kernel(KERNELS, "nothing").bind(Dim3.of(1), Dim3.of(1), 0, 0);
    int launches = 200_000; // far more than the driver queues (about a thousand)
    TrialCalls calls = () -> {
      for (int i = 0; i < launches; i++) {
        nothing.run();
      }
    };
    calls.run();
    s.synchronize();
    CudaTrialClock clock = s.trialClock(DeviceTiming.BLOCKED, 200_000_000L);

    assertThatThrownBy(() -> clock.time(calls)).isInstanceOf(BlockedTrialTimeoutException.class)
        .hasMessageContaining("a blocked trial of DeviceTimingGpuTest timed out")
        .hasMessageContaining("launch queue");

    // the stream runs again
    s.synchronize();
    nothing.run();
    s.synchronize();
  }

  @Test
  void autoFallsFromGraphToBlockedToEventsForACallThatSynchronisesAndSaysWhy() throws Throwable {
    long n = 1 << 16;
    Tensor x = s.tensors().fromHost("x", CudaBackendSessionGpuTest.ramp((int) n), Precision.FP32, n);
    Tensor out = s.tensors().allocate("out", Precision.FP32, n);
    KernelLaunch l = saxpy(out, x, x, n);
    TrialCalls syncing = () -> {
      l.run();
      s.synchronize();
    };
    CudaTrialClock clock = s.trialClock(DeviceTiming.AUTO, 200_000_000L);

    double[] t = trials(clock, syncing, 5);

    assertThat(clock.mode()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(clock.modeReason()).startsWith("auto: a trial took ")
        .contains("replayed from a CUDA graph; but the workload waits for the device inside a call")
        .contains("(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED), so its calls are queued behind a blocking kernel instead;"
            + " but the host needed ")
        .endsWith("so events around plain launches instead");
    assertThat(t[0]).isPositive();
    assertThat(t[1]).as("events trials have no separate launch-inclusive figure").isNaN();
  }
}
