package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The srun command lines of the Slurm launcher: one task per rank, a GPU each where the ranks need one. */
class SrunLauncherTest {
  private final Path dir = Path.of("/shared/run/workers");
  private final List<String> worker = List.of("/opt/jdk/bin/java", "io.gpubench.engine.Worker");

  @Test
  void aGpuWorldIsOneStepOfOneTaskPerRankEachWithAGpuOfItsOwn() {
    List<String> cmd = new SrunLauncher("srun", List.of("--ntasks-per-node=4", "--partition=gpu"))
        .command("cuda-w8-3", 8, true, dir, worker);
    assertThat(cmd).startsWith("srun").containsSubsequence("--ntasks=8", "--kill-on-bad-exit=1", "--input=none",
        "--output=/shared/run/workers/cuda-w8-3-r%t.log", "--gpus-per-task=1", "--ntasks-per-node=4",
        "--partition=gpu", "/opt/jdk/bin/java", "io.gpubench.engine.Worker")
        .doesNotContain("--nodes=1");
  }

  @Test
  void aCpuWorkerAsksForNoGpuAndOneNode() {
    List<String> cmd = new SrunLauncher("/opt/slurm/bin/srun", List.of()).command("cpu-1", 1, false, dir, worker);
    assertThat(cmd).startsWith("/opt/slurm/bin/srun").contains("--ntasks=1", "--nodes=1",
        "--output=/shared/run/workers/cpu-1.log").noneMatch(a -> a.startsWith("--gpu"));
    assertThat(new SrunLauncher("srun", List.of("-N2")).command("cpu-1", 1, false, dir, worker))
        .as("the job's own node count is left alone").doesNotContain("--nodes=1");
  }
}
