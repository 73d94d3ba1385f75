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
 * <p>The allowances scale with the inner dimension k: the error of a dot product of k terms of magnitude below 1
 * grows like sqrt(k) units in the last place of the accumulation.
 */
@GpuBenchmark(backends = {"cpu", "cuda"})
@Shape({"m=128,n=128,k=128", "m=256,n=256,k=256"})
@Shape(value = {"m=1024,n=1024,k=1024", "m=2048,n=2048,k=2048"}, profile = "full")
@Precisions({FP32, FP16, BF16})
@Tolerance(maxAbs = 1e-4, rms = 1e-5, psnrDb = 100, range = 20)
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
