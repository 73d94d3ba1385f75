package io.gpubench.examples.cuda;

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
 * A microsecond kernel: {@code out = a x + y} over a million floats, about 5 µs on an H200. One launch is too
 * short to time alone (event resolution, launch overhead), so each trial times 100 back-to-back launches and
 * reports the time per call. The launch is bound once in set-up, so the timed call is one {@code cuLaunchKernel}.
 */
@GpuBenchmark(backends = "cuda")
@Shape("n=1M")
@Precisions(FP32)
@Cost(flops = "2*n", bytes = "3*e*n")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 3, min = 20, max = 500, callsPerTrial = 100, budgetSeconds = 2)
public class SaxpyLatencyBenchmark {
  /** The kernel; {@code T} is {@code float} for the case, {@code double} for the reference. */
  static final String SOURCE = String.join("\n",
      "template <typename T> __device__ void axpy(T* out, const T* x, const T* y, T a, unsigned long long n) {",
      "  unsigned long long i = blockIdx.x * (unsigned long long) blockDim.x + threadIdx.x;",
      "  if (i < n) out[i] = a * x[i] + y[i];",
      "}",
      "extern \"C\" __global__ void saxpy(float* out, const float* x, const float* y, float a, unsigned long long n) {",
      "  axpy(out, x, y, a, n);",
      "}",
      "extern \"C\" __global__ void daxpy(double* out, const double* x, const double* y, double a,",
      "    unsigned long long n) {",
      "  axpy(out, x, y, a, n);",
      "}");

  static final int THREADS = 256;
  private KernelLaunch launch;

  @Setup
  void setup(BenchContext ctx) {
    launch = bind(ctx).launch();
  }

  record Bound(KernelLaunch launch, Tensor out) {}

  static Bound bind(BenchContext ctx) {
    Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
    long n = ctx.dims().getLong("n");
    Tensor x = ctx.random("x", n);
    Tensor y = ctx.random("y", n);
    Tensor out = ctx.output("out", n);
    boolean f64 = ctx.referencePrecision() == FP64;
    KernelLaunch l = cuda.kernel(SOURCE, f64 ? "daxpy" : "saxpy")
        .bind(Dim3.blocksFor(n, THREADS), Dim3.of(THREADS), 0, out, x, y, f64 ? (Object) 2.0 : (Object) 2.0f, n);
    return new Bound(l, out);
  }

  @Measure
  void saxpy() {
    launch.run();
  }

  @Reference(precision = FP64)
  Tensor reference(BenchContext ctx) {
    Bound b = bind(ctx);
    b.launch().run();
    return b.out();
  }
}
