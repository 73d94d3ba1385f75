package examples.djl;

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

/** A DJL matmul in FP32 and FP16 against an FP64 reference; BF16 is refused before DJL is called. */
@GpuBenchmark
@Shape("m=32,n=32,k=32")
@Precisions({Precision.FP32, Precision.FP16, Precision.BF16})
@Tolerance(maxAbs = 1e-4, rms = 1e-5)
@Tolerance(precision = Precision.FP16, maxAbs = 0.05, rms = 0.01)
@Trials(min = 3, max = 10, budgetSeconds = 0.5)
public class DjlMatmulBenchmark {
  NDManager manager;
  NDArray a;
  NDArray b;

  @Setup
  void setup(BenchContext ctx) {
    manager = NDManager.newBaseManager(DjlDevices.require(ctx));
    a = DjlTensors.toNDArray(manager, ctx.random("a", 32, 32));
    b = DjlTensors.toNDArray(manager, ctx.random("b", 32, 32));
  }

  @Measure
  NDArray matmul() {
    return a.matMul(b);
  }

  @Reference(precision = Precision.FP64)
  NDArray expected(BenchContext ctx) {
    return DjlTensors.toNDArray(manager, ctx.random("a", 32, 32))
        .matMul(DjlTensors.toNDArray(manager, ctx.random("b", 32, 32)));
  }

  @TearDown
  void close() {
    if (manager != null) {
      manager.close();
    }
  }
}
