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
 * A square matrix product. Five of the 25 cases {@link GateFigures} reruns; the kernel runs {@link Slowdown#reps()} times per
 * call.
 */
@GpuBenchmark
@Shape("n=16|24|32|40|48")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-3, rms = 1e-4)
@Trials(warmup = 200, min = 10, max = 300, budgetSeconds = 0.15, targetRelativeHalfWidth = 0.005)
public class NoiseGemmBenchmark {
  HostTensor a;
  HostTensor b;
  HostTensor c;

  @Setup
  void setup(BenchContext ctx) {
    a = (HostTensor) ctx.random("a", ctx.dim("n"), ctx.dim("n"));
    b = (HostTensor) ctx.random("b", ctx.dim("n"), ctx.dim("n"));
    c = (HostTensor) ctx.output("c", ctx.dim("n"), ctx.dim("n"));
  }

  @Measure
  void run(BenchContext ctx) {
    for (int r = 0; r < Slowdown.reps(); r++) {
      Kernels.gemm(a.floats(), b.floats(), c.floats(), ctx.dim("n"));
    }
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    int n = ctx.dim("n");
    return Kernels.gemm64((HostTensor) ctx.random("a", n, n), (HostTensor) ctx.random("b", n, n), n);
  }
}
