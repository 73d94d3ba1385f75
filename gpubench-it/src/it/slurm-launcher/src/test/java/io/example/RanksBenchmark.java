package io.example;

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

/** A CPU world of 1 and 2 ranks that insists on being run by srun: its rank and size must be Slurm's. */
@GpuBenchmark(backends = "cpu")
@Worlds({1, 2})
@Shape("n=16")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 3)
public class RanksBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    String rank = System.getenv("SLURM_PROCID");
    String tasks = System.getenv("SLURM_NTASKS");
    if (!String.valueOf(ctx.rank()).equals(rank) || !String.valueOf(ctx.worldSize()).equals(tasks)) {
      throw new IllegalStateException("rank " + ctx.rank() + " of " + ctx.worldSize() + " is not srun's task: "
          + "SLURM_PROCID=" + rank + ", SLURM_NTASKS=" + tasks);
    }
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Reference
  float[] reference() {
    return twice(x.floats());
  }

  @Measure
  float[] twice() {
    return twice(x.floats());
  }

  private static float[] twice(float[] v) {
    float[] y = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      y[i] = 2 * v[i];
    }
    return y;
  }
}
