package io.gpubench.examples.cuda;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Trials;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.Matmul;

/**
 * Device memory whatever allocated it: an FP16 cuBLASLt product of 8192³ (three 128 MiB operands through gpubench's
 * allocator; cuBLAS's handle and cuBLASLt's workspace besides) beside {@link DeviceOutOfMemoryBenchmark}. Kept out of the
 * default run. {@code DeviceMemoryGpuTest} and {@code device/memory-h200.sh} run them.
 */
@GpuBenchmark(backends = "cuda", enabledByDefault = false)
@Shape("n=8192")
@Precisions(Precision.FP16)
@Trials(warmup = 3, min = 10, max = 20, budgetSeconds = 1)
public class DeviceMemoryBenchmark {
  private Matmul gemm;

  @Setup
  void setup(BenchContext ctx) {
    Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
    int n = ctx.dim("n");
    Tensor a = ctx.random("a", n, n);
    Tensor b = ctx.random("b", n, n);
    Tensor c = ctx.output("c", n, n);
    gemm = cuda.matmul(Precision.FP16, a, b, c);
  }

  @Measure
  void gemm() {
    gemm.run();
  }
}
