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
 * A row softmax. Five of the 25 cases {@link GateFigures} reruns; the kernel runs {@link Slowdown#reps()} times per
 * call.
 */
@GpuBenchmark
@Shape("rows=16,cols=64|128|256|512|1024")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-5, rms = 1e-6)
@Trials(warmup = 200, min = 10, max = 300, budgetSeconds = 0.15, targetRelativeHalfWidth = 0.005)
public class NoiseSoftmaxBenchmark {
  HostTensor x;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("rows"), ctx.dim("cols"));
    out = (HostTensor) ctx.output("out", ctx.dim("rows"), ctx.dim("cols"));
  }

  @Measure
  void run(BenchContext ctx) {
    for (int r = 0; r < Slowdown.reps(); r++) {
      Kernels.softmax(x.floats(), out.floats(), ctx.dim("rows"), ctx.dim("cols"));
    }
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    return Kernels.softmax64((HostTensor) ctx.random("x", ctx.dim("rows"), ctx.dim("cols")), ctx.dim("rows"),
        ctx.dim("cols"));
  }
}
