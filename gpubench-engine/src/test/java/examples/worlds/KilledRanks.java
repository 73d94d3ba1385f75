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
import java.nio.charset.StandardCharsets;

/**
 * Worlds of two CPU ranks, started as the tasks of an {@code srun} step, whose rank 1 is ended from outside during
 * its trials as Slurm ends a task (the workloads run in name order): {@code kill -9} of its process, then
 * {@code scancel} of its step. Rank 1 says where it is in a file ({@code kill9.pid}, {@code scancel.step}) and waits
 * to be killed; the test does the killing. Then a correct workload, whose ranks write down what Slurm told them and
 * whether the run's secret is on their command line.
 */
@GpuBenchmark(backends = "cpu")
@Worlds(2)
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
@Fork(timeoutSeconds = 60)
public class KilledRanks {
  HostTensor x;
  int rank;
  int calls;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    rank = ctx.rank();
    calls = 0;
  }

  @Reference
  float[] reference() {
    return RankFiles.twice(x.floats());
  }

  private float[] waitToBeKilled(String file, String what) {
    if (rank == 1 && ++calls == 3) {
      RankFiles.write(file, what);
      RankFiles.sleep(120_000);
    }
    return RankFiles.twice(x.floats());
  }

  @Measure
  float[] aKill9() {
    return waitToBeKilled("kill9.pid", String.valueOf(ProcessHandle.current().pid()));
  }

  @Measure
  float[] bScancel() {
    return waitToBeKilled("scancel.step", System.getenv("SLURM_JOB_ID") + "." + System.getenv("SLURM_STEP_ID"));
  }

  @Measure
  float[] cCorrect() throws java.io.IOException {
    if (calls++ == 0) {
      String secret = System.getenv("GPUBENCH_WORKER_SECRET");
      String cmdline = new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/self/cmdline")),
          StandardCharsets.UTF_8);
      RankFiles.write("slurm-rank-" + rank + ".txt", System.getenv("SLURM_PROCID") + " " + System.getenv("SLURM_NTASKS")
          + " " + System.getenv("SLURM_JOB_ID") + "." + System.getenv("SLURM_STEP_ID") + " "
          + (secret != null && !secret.isEmpty()) + " " + (secret != null && cmdline.contains(secret)));
    }
    return RankFiles.twice(x.floats());
  }
}
