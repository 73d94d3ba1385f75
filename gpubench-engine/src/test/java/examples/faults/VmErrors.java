package examples.faults;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import java.util.ArrayList;
import java.util.List;

/**
 * OutOfMemoryError that keeps the heap full (its worker is of no further use) and StackOverflowError: each fails its
 * case; the correct workload after them runs in a new worker. The workers get a small heap so that it fills fast.
 */
@GpuBenchmark
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
@Fork(jvmArgs = "-Xmx48m")
public class VmErrors {
  static final List<long[]> HOARD = new ArrayList<>();
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = Doubling.input(ctx);
  }

  @Reference
  float[] reference() {
    return Doubling.twice(x);
  }

  @Measure
  float[] outOfMemory() {
    while (true) {
      HOARD.add(new long[1 << 20]);
    }
  }

  @Measure
  float[] stackOverflow() {
    return recurse(0);
  }

  private float[] recurse(int depth) {
    return depth < 0 ? null : recurse(depth + 1);
  }

  @Measure
  float[] correct() {
    return Doubling.twice(x);
  }
}
