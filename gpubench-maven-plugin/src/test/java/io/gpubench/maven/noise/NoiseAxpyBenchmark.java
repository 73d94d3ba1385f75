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
 * A streaming 2.5x + y. Five of the 25 cases {@link GateFigures} reruns; the kernel runs {@link Slowdown#reps()} times per
 * call.
 */
@GpuBenchmark
@Shape("n=4k|16k|64k|128k|256k")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-5, rms = 1e-6)
@Trials(warmup = 200, min = 10, max = 300, budgetSeconds = 0.15, targetRelativeHalfWidth = 0.005)
public class NoiseAxpyBenchmark {
  HostTensor x;
  HostTensor y;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    y = (HostTensor) ctx.random("y", ctx.dim("n"));
    out = (HostTensor) ctx.output("out", ctx.dim("n"));
  }

  @Measure
  void run(BenchContext ctx) {
    for (int r = 0; r < Slowdown.reps(); r++) {
      Kernels.axpy(x.floats(), y.floats(), out.floats());
    }
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    int n = ctx.dim("n");
    HostTensor x64 = (HostTensor) ctx.random("x", n);
    HostTensor y64 = (HostTensor) ctx.random("y", n);
    double[] e = new double[n];
    for (int i = 0; i < n; i++) {
      e[i] = 2.5 * x64.get(i) + y64.get(i);
    }
    return HostTensor.ofDoubles("expected", e, n);
  }
}
