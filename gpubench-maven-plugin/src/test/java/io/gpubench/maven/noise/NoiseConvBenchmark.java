package io.gpubench.maven.noise;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * A one-dimensional convolution. Five of the 25 cases {@link GateFigures} reruns; the kernel runs {@link Slowdown#reps()} times per
 * call.
 */
@GpuBenchmark
@Shape("n=8k,taps=3|7|15|31|63")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-4, rms = 1e-5)
@Trials(warmup = 200, min = 10, max = 300, budgetSeconds = 0.15, targetRelativeHalfWidth = 0.005)
public class NoiseConvBenchmark {
  HostTensor x;
  HostTensor w;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n") + ctx.dim("taps"));
    w = (HostTensor) ctx.random("w", ctx.dim("taps"));
    out = (HostTensor) ctx.output("out", ctx.dim("n"));
  }

  @Measure
  void run(BenchContext ctx) {
    for (int r = 0; r < Slowdown.reps(); r++) {
      Kernels.conv(x.floats(), w.floats(), out.floats());
    }
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    int n = ctx.dim("n");
    int taps = ctx.dim("taps");
    return Kernels.conv64((HostTensor) ctx.random("x", n + taps), (HostTensor) ctx.random("w", taps), n, taps);
  }
}
