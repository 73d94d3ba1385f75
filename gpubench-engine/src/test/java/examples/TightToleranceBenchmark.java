package examples;

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

/** Rounds its output to FP16, so an allowance tighter than FP16's error fails on three bounds at once. */
@GpuBenchmark
@Shape("m=16,n=16,k=16")
@Precisions(Precision.FP16)
@Tolerance(maxAbs = 1e-6, rms = 1e-7, psnrDb = 200, relL2 = 0.5)
@Trials(min = 2, max = 3)
public class TightToleranceBenchmark {
  HostTensor a;
  HostTensor b;

  @Setup
  void setup(BenchContext ctx) {
    a = (HostTensor) ctx.random("a", 16, 16);
    b = (HostTensor) ctx.random("b", 16, 16);
  }

  @Measure
  float[] gemm() {
    float[] c = new float[256];
    HostGemm.gemm(a.floats(), b.floats(), c, 16, 16, 16);
    for (int i = 0; i < c.length; i++) {
      c[i] = io.gpubench.api.Rounding.round(c[i], Precision.FP16);
    }
    return c;
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    return HostGemm.gemm64((HostTensor) ctx.random("a", 16, 16), (HostTensor) ctx.random("b", 16, 16), 16, 16, 16);
  }
}
