package ${package};

import static io.gpubench.api.Precision.FP32;
import static io.gpubench.api.Precision.FP64;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;

/**
 * A CUDA benchmark: {@code out = 2 x + y} as an NVRTC kernel, timed with CUDA events on the case's stream, checked
 * on the device against the same kernel in FP64, with the roofline bound from its declared cost. On a machine
 * without an NVIDIA GPU or driver the case is skipped with the reason, and the build still passes.
 */
@GpuBenchmark(backends = "cuda")
@Shape("n=16M")
@Precisions(FP32)
@Cost(flops = "2*n", bytes = "3*e*n")          // e: bytes per element of the case's precision
@Tolerance(maxAbs = 1e-5)
@Trials(budgetSeconds = 1)
public class SaxpyBenchmark {
  static final String SOURCE = String.join("\n",
      "extern \"C\" __global__ void saxpy(float* out, const float* x, const float* y, float a, unsigned long long n) {",
      "  unsigned long long i = blockIdx.x * (unsigned long long) blockDim.x + threadIdx.x;",
      "  if (i < n) out[i] = a * x[i] + y[i];",
      "}",
      "extern \"C\" __global__ void daxpy(double* out, const double* x, const double* y, double a,",
      "    unsigned long long n) {",
      "  unsigned long long i = blockIdx.x * (unsigned long long) blockDim.x + threadIdx.x;",
      "  if (i < n) out[i] = a * x[i] + y[i];",
      "}");

  private KernelLaunch launch;

  @Setup
  void setup(BenchContext ctx) {
    launch = bind(ctx).launch();
  }

  @Measure
  void saxpy() {                                // queues the kernel on the case's stream; the engine times it
    launch.run();
  }

  @Reference(precision = FP64)
  Tensor exact(BenchContext ctx) {
    Bound b = bind(ctx);
    b.launch().run();
    return b.out();
  }

  record Bound(KernelLaunch launch, Tensor out) {}

  /** The same code binds the case's kernel (FP32) and the reference's (FP64): only the context differs. */
  static Bound bind(BenchContext ctx) {
    Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
    long n = ctx.dims().getLong("n");
    Tensor x = ctx.random("x", n);
    Tensor y = ctx.random("y", n);
    Tensor out = ctx.output("out", n);
    boolean f64 = ctx.referencePrecision() == FP64;
    KernelLaunch l = cuda.kernel(SOURCE, f64 ? "daxpy" : "saxpy")
        .bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, out, x, y, f64 ? (Object) 2.0 : (Object) 2.0f, n);
    return new Bound(l, out);
  }
}
