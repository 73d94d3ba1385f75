package examples.worlds;

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
import io.gpubench.api.Worlds;

/**
 * Worlds of two CPU ranks in which rank 1 fails in one way per workload (the workloads run in name order): it
 * throws, it dies, it hangs in the trials (a step's limit is 20 s here: the first step of a fresh worker takes seconds on a loaded two-core machine), it changes its input; then a correct
 * workload. Each workload's ranks write their pids, so the test sees which workers ran it.
 */
@GpuBenchmark(backends = "cpu")
@Worlds(2)
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
@Fork(timeoutSeconds = 20)
public class RankFaults {
  HostTensor x;
  int rank;
  int calls;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    rank = ctx.rank();
    calls = 0;
  }

  private float[] work(String workload) {
    if (calls++ == 0) {
      RankFiles.write("faults-" + workload + "-rank-" + rank + ".pid", String.valueOf(ProcessHandle.current().pid()));
    }
    return RankFiles.twice(x.floats());
  }

  @Reference
  float[] reference() {
    return RankFiles.twice(x.floats());
  }

  @Measure
  float[] aThrows() {
    float[] y = work("aThrows");
    if (rank == 1) {
      throw new IllegalStateException("rank 1 lost its input");
    }
    return y;
  }

  @Measure
  float[] bDies() {
    float[] y = work("bDies");
    if (rank == 1) {
      System.out.flush();
      Runtime.getRuntime().halt(3);
    }
    return y;
  }

  @Measure
  float[] cHangs() {
    float[] y = work("cHangs");
    if (rank == 1 && calls > 1) {
      spinInFixtureCode();
    }
    return y;
  }

  static void spinInFixtureCode() {
    long n = 0;
    while (!Thread.currentThread().isInterrupted() || n >= 0) {
      n++;
    }
  }

  @Measure
  float[] dChangesItsInput() {
    float[] y = work("dChangesItsInput");
    if (rank == 1) {
      x.floats()[0] += 1;
    }
    return y;
  }

  @Measure
  float[] eCorrect() {
    return work("eCorrect");
  }
}
