package io.gpubench.examples.cuda;

import static io.gpubench.api.Precision.FP32;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Trials;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;

/**
 * A kernel that writes a terabyte past its output: the GPU faults with CUDA_ERROR_ILLEGAL_ADDRESS, which poisons the
 * CUDA context of its process for good. Kept out of the default run; {@code FaultIsolationGpuTest} runs it before
 * a correct kernel on the same GPU, which must pass in a new worker.
 */
@GpuBenchmark(backends = "cuda", enabledByDefault = false)
@Shape("n=1M")
@Precisions(FP32)
@Trials(warmup = 1, min = 2, max = 3)
public class OutOfBoundsWriteBenchmark {
  static final String SOURCE = String.join("\n",
      "extern \"C\" __global__ void scribble(float* out, unsigned long long n) {",
      "  unsigned long long i = blockIdx.x * (unsigned long long) blockDim.x + threadIdx.x;",
      "  if (i < n) out[i + (1ULL << 38)] = 1.0f;",
      "}");

  private KernelLaunch launch;

  @Setup
  void setup(BenchContext ctx) {
    Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
    long n = ctx.dims().getLong("n");
    Tensor out = ctx.output("out", n);
    launch = cuda.kernel(SOURCE, "scribble").bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, out, n);
  }

  @Measure
  void scribble() {
    launch.run();
  }
}
