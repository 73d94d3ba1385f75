package examples;

import static io.gpubench.api.Precision.FP16;
import static io.gpubench.api.Precision.FP32;
import static io.gpubench.api.Precision.TF32;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** A correct host GEMM: passes in FP32 and FP16 (inputs rounded), TF32 is skipped on the CPU. */
@GpuBenchmark
@Shape({"m=16|24,n=16,k=8"})
@Shape(value = "m=48,n=48,k=48", profile = "full")
@Precisions({FP32, FP16, TF32})
@Tolerance(maxAbs = 1e-4, rms = 1e-5, psnrDb = 80, range = 4)
@Tolerance(precision = FP16, maxAbs = 1e-4, rms = 1e-5)
@Trials(warmup = 2, min = 3, max = 8, budgetSeconds = 0.2)
@Cost(flops = "2*m*n*k", bytes = "e*(m*k + k*n + m*n)")
public class GoodGemmBenchmark {
  HostTensor a;
  HostTensor b;
  HostTensor c;

  @Setup
  void setup(BenchContext ctx) {
    a = (HostTensor) ctx.random("a", ctx.dim("m"), ctx.dim("k"));
    b = (HostTensor) ctx.random("b", ctx.dim("k"), ctx.dim("n"));
    c = (HostTensor) ctx.output("c", ctx.dim("m"), ctx.dim("n"));
  }

  @Measure
  void gemm(BenchContext ctx) {
    HostGemm.gemm(a.floats(), b.floats(), c.floats(), ctx.dim("m"), ctx.dim("n"), ctx.dim("k"));
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    HostTensor a64 = (HostTensor) ctx.random("a", ctx.dim("m"), ctx.dim("k"));
    HostTensor b64 = (HostTensor) ctx.random("b", ctx.dim("k"), ctx.dim("n"));
    return HostGemm.gemm64(a64, b64, ctx.dim("m"), ctx.dim("n"), ctx.dim("k"));
  }
}
