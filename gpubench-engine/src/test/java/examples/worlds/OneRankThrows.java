package examples.worlds;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.api.Worlds;

/** A world of one CPU rank whose first workload throws and whose second is correct. */
@GpuBenchmark(backends = "cpu")
@Worlds(1)
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
public class OneRankThrows {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Reference
  float[] reference() {
    return RankFiles.twice(x.floats());
  }

  @Measure
  float[] aThrows() {
    throw new IllegalStateException("the only rank failed");
  }

  @Measure
  float[] bCorrect() {
    return RankFiles.twice(x.floats());
  }
}
