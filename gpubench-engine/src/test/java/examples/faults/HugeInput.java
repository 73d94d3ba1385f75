package examples.faults;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * An input larger than the worker's heap (the test gives workers 256 MB): its case fails naming the tensor, the size
 * and the fix, not with a bare {@code OutOfMemoryError}; the next case runs.
 */
@GpuBenchmark(enabledByDefault = false)
@Shape({"n=100M", "n=8"})
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
public class HugeInput {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Reference
  float[] reference() {
    return x.floats().clone();
  }

  @Measure
  float[] copy() {
    return x.floats().clone();
  }
}
