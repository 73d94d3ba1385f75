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
 * Row sums. Five of the 25 cases {@link GateFigures} reruns; the kernel runs {@link Slowdown#reps()} times per
 * call.
 */
@GpuBenchmark
@Shape("rows=64,cols=64|256|1k|4k|8k")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-2, rms = 1e-3)
@Trials(warmup = 200, min = 10, max = 300, budgetSeconds = 0.15, targetRelativeHalfWidth = 0.005)
public class NoiseRowSumBenchmark {
  HostTensor x;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("rows"), ctx.dim("cols"));
    out = (HostTensor) ctx.output("out", ctx.dim("rows"));
  }

  @Measure
  void run(BenchContext ctx) {
    for (int r = 0; r < Slowdown.reps(); r++) {
      Kernels.rowSums(x.floats(), out.floats(), ctx.dim("rows"), ctx.dim("cols"));
    }
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    return Kernels.rowSums64((HostTensor) ctx.random("x", ctx.dim("rows"), ctx.dim("cols")), ctx.dim("rows"),
        ctx.dim("cols"));
  }
}
