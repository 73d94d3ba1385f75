package io.gpubench.examples.gemm;

import static io.gpubench.api.Precision.BF16;
import static io.gpubench.api.Precision.FP16;
import static io.gpubench.api.Precision.FP32;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.TearDown;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.djl.DjlDevices;
import io.gpubench.djl.DjlTensors;

/**
 * A GEMM family through DJL (PyTorch): C = A &middot; B in FP32 and FP16, checked against an FP64 product of the
 * same (rounded) inputs. BF16 is declared and skipped with the reason, since DJL 0.36 maps no BF16 type.
 *
 * <p>One allowance holds every declared shape, so it is set by the largest inner dimension, k = 2048: an FP32 product's
 * error grows with k. cuBLAS on the H200 (TF32 off) adds each output's k products one after the other, and the error of
 * that order against the FP64 product of the same inputs is {@code rms ≈ 0.1 · 2⁻²⁴ · k} for these inputs (uniform in
 * [-1, 1]): rms 6.1e-6 and maxAbs 7.1e-5 at k = 1024, rms 1.22e-5 and maxAbs 1.77e-4 at k = 2048, as a sequential FP32
 * accumulation simulated in FP64 also gives. The CPU's blocked sums err less (rms 2.7e-6 and 3.8e-6 at those k on the
 * build machine). The FP32 bounds are about twice the H200's k = 2048 figures. What they are for stays far outside
 * them: TF32 left on reads rms 1e-3 at k = 128 and 4e-3 at k = 2048 (40 to 160 times the bound), FP16 arithmetic about
 * the same, a wrong operand (a transposed or misindexed matrix) rms 5 to 21, five orders of magnitude over.
 */
@GpuBenchmark(backends = {"cpu", "cuda"})
@Shape({"m=128,n=128,k=128", "m=256,n=256,k=256"})
@Shape(value = {"m=1024,n=1024,k=1024", "m=2048,n=2048,k=2048"}, profile = "full")
@Precisions({FP32, FP16, BF16})
@Tolerance(maxAbs = 4e-4, rms = 2.5e-5, psnrDb = 100, range = 20)
@Tolerance(precision = FP16, maxAbs = 0.1, rms = 0.01, psnrDb = 60, range = 20)
@Trials(warmup = 3, min = 5, max = 50, targetRelativeHalfWidth = 0.02, budgetSeconds = 1)
@Cost(flops = "2*m*n*k", bytes = "e*(m*k + k*n + m*n)")
public class DjlGemmBenchmark {
  private NDManager manager;
  private NDArray a;
  private NDArray b;

  @Setup
  void upload(BenchContext ctx) {
    manager = NDManager.newBaseManager(DjlDevices.require(ctx));
    a = DjlTensors.toNDArray(manager, ctx.random("a", ctx.dim("m"), ctx.dim("k")));
    b = DjlTensors.toNDArray(manager, ctx.random("b", ctx.dim("k"), ctx.dim("n")));
  }

  /** The product; the engine checks it, closes it, and times the call. */
  @Measure
  NDArray matmul() {
    return a.matMul(b);
  }

  /** The same inputs (the context rounds them to the case's precision), multiplied in FP64. */
  @Reference(precision = Precision.FP64)
  NDArray fp64(BenchContext ctx) {
    NDArray a64 = DjlTensors.toNDArray(manager, ctx.random("a", ctx.dim("m"), ctx.dim("k")));
    NDArray b64 = DjlTensors.toNDArray(manager, ctx.random("b", ctx.dim("k"), ctx.dim("n")));
    return a64.matMul(b64);
  }

  @TearDown
  void release() {
    if (manager != null) {
      manager.close();
    }
  }
}
