package io.gpubench.examples.cuda;

import io.gpubench.examples.QuietEngine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.SeededInputs;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The engine's time for a microsecond kernel, timed the way a raw CUDA-event loop times it (events around plain
 * launches: {@code gpubench.cuda.timing=events}), agrees with such a loop over the same kernel: after a warm-up,
 * events around 100 launches, 50 times, on plain driver calls; the median per call. The engine's default for so
 * short a trial, replay from a CUDA graph, takes the host's launches out of the figure, so it reads no more than
 * that (on an H200: 3.3 µs against 4.5 µs, where the host needs ~11 µs to queue one launch). Skipped where there is
 * no CUDA GPU.
 */
class SaxpyEventLoopTest {
  static final int CALLS = 100;
  static final int REPS = 50;
  /** Launches before the loop, as many as the engine's warm-up and first trials make: the steady state. */
  static final int WARMUP = 5000;
  static final double AGREEMENT_NANOS = 500;

  @Test
  void engineTimeMatchesARawEventLoop() throws Exception {
    Backend cuda = CudaAvailable.cudaOrSkip();
    Path out = Path.of("target/gpubench-saxpy");
    CaseResult c = engine(out.resolve("events"), "events");
    double engineNanos = c.timing().device().median();
    CaseResult auto = engine(out.resolve("auto"), "auto");

    double rawNanos;
    try (BackendSession s = cuda.open(new SessionSpec("raw-saxpy", Precision.FP32, CacheMode.HOT, 20))) {
      Cuda facade = s.unwrap(Cuda.class).orElseThrow();
      long n = 1L << 20;
      // random data, never zeros: zeros can run faster than real data
      Tensor x = s.tensors().fromHost("x", SeededInputs.uniform(1, "x", n), Precision.FP32, n);
      Tensor y = s.tensors().fromHost("y", SeededInputs.uniform(1, "y", n), Precision.FP32, n);
      Tensor o = s.tensors().allocate("out", Precision.FP32, n);
      KernelLaunch l = facade.kernel(SaxpyLatencyBenchmark.SOURCE, "saxpy")
          .bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, o, x, y, 2.0f, n);
      rawNanos = rawLoop(facade, l);
    }
    String line = String.format(Locale.ROOT, "saxpy n=1M: engine median %.3f us/call (%d calls/trial, %d trials),"
        + " raw event loop %.3f us/call, difference %.3f us", engineNanos / 1e3, c.timing().callsPerTrial(),
        c.timing().trials().size(), rawNanos / 1e3, (engineNanos - rawNanos) / 1e3);
    System.out.println(line);
    Files.createDirectories(out);
    Files.writeString(out.resolve("event-loop.txt"), line + "\n");
    assertThat(Math.abs(engineNanos - rawNanos)).as(line).isLessThanOrEqualTo(AGREEMENT_NANOS);
    assertThat(auto.timing().deviceTiming()).as(auto.timing().deviceTimingReason()).isNotEqualTo(DeviceTiming.EVENTS);
    assertThat(auto.timing().device().median()).as("the default mode, without the launch path")
        .isLessThanOrEqualTo(engineNanos * 1.02);
  }

  private static CaseResult engine(Path out, String timing) {
    QuietEngine.kit()
        .selectors(selectClass(SaxpyLatencyBenchmark.class))
        .configurationParameter("gpubench.output-dir", out.toString())
        .configurationParameter("gpubench.cuda.timing", timing)
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1).failed(0));
    return ResultsFile.read(out.resolve("results.json")).cases().get(0);
  }

  /** The median over {@link #REPS} of (events around {@link #CALLS} launches) / CALLS, on raw driver calls. */
  static double rawLoop(Cuda s, KernelLaunch l) {
    PointerByReference a = new PointerByReference();
    PointerByReference b = new PointerByReference();
    CudaErrors.check(CudaLibs.cuda().cuEventCreate(a, 0), "cuEventCreate");
    CudaErrors.check(CudaLibs.cuda().cuEventCreate(b, 0), "cuEventCreate");
    Pointer stream = s.stream().handle();
    double[] per = new double[REPS];
    for (int i = 0; i < WARMUP; i++) {
      l.run();
    }
    for (int r = 0; r < REPS; r++) {
      CudaErrors.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize");
      CudaErrors.check(CudaHot.cuEventRecord(a.getValue(), stream), "cuEventRecord");
      for (int i = 0; i < CALLS; i++) {
        l.run();
      }
      CudaErrors.check(CudaHot.cuEventRecord(b.getValue(), stream), "cuEventRecord");
      CudaErrors.check(CudaHot.cuEventSynchronize(b.getValue()), "cuEventSynchronize");
      float[] ms = new float[1];
      CudaErrors.check(CudaLibs.cuda().cuEventElapsedTime(ms, a.getValue(), b.getValue()), "cuEventElapsedTime");
      per[r] = ms[0] * 1e6 / CALLS;
    }
    CudaLibs.cuda().cuEventDestroy_v2(a.getValue());
    CudaLibs.cuda().cuEventDestroy_v2(b.getValue());
    java.util.Arrays.sort(per);
    return per[REPS / 2];
  }
}
