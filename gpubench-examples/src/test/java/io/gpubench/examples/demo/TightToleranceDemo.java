package io.gpubench.examples.demo;

import static io.gpubench.api.Precision.FP16;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import io.gpubench.api.BenchContext;
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
 * A deliberately failing case: an FP16 GEMM held to an FP32-sized allowance. Kept out of the default run
 * ({@code enabledByDefault = false}); {@code TightToleranceDemoTest} runs it to show what a tolerance miss looks
 * like. Run it yourself with {@code -Dgpubench.include=TightToleranceDemo}.
 */
@GpuBenchmark(enabledByDefault = false)
@Shape("m=128,n=128,k=128")
@Precisions(FP16)
@Tolerance(maxAbs = 1e-4, rms = 1e-5, psnrDb = 100, range = 20)
@Trials(min = 3, max = 5)
public class TightToleranceDemo {
  private NDManager manager;
  private NDArray a;
  private NDArray b;

  @Setup
  void upload(BenchContext ctx) {
    manager = NDManager.newBaseManager(DjlDevices.require(ctx));
    a = DjlTensors.toNDArray(manager, ctx.random("a", 128, 128));
    b = DjlTensors.toNDArray(manager, ctx.random("b", 128, 128));
  }

  @Measure
  NDArray matmul() {
    return a.matMul(b);
  }

  @Reference(precision = Precision.FP64)
  NDArray fp64(BenchContext ctx) {
    return DjlTensors.toNDArray(manager, ctx.random("a", 128, 128))
        .matMul(DjlTensors.toNDArray(manager, ctx.random("b", 128, 128)));
  }

  @TearDown
  void release() {
    manager.close();
  }
}
