package io.gpubench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The allocation's GPUs as Slurm's variables give them, for worlds across nodes. */
class AllocationGpusTest {

  @Test
  void theJobsGpusComeFromTheFirstVariableThatSays() {
    assertThat(AllocationGpus.of(Map.of("SLURM_GPUS", "8", "SLURM_GPUS_ON_NODE", "4")).orElseThrow().gpus())
        .isEqualTo(8);
    AllocationGpus perNode = AllocationGpus.of(Map.of("SLURM_GPUS_ON_NODE", "4", "SLURM_JOB_NUM_NODES", "2"))
        .orElseThrow();
    assertThat(perNode.gpus()).isEqualTo(8);
    assertThat(perNode.source()).isEqualTo("SLURM_GPUS_ON_NODE=4 x SLURM_JOB_NUM_NODES=2");
    assertThat(AllocationGpus.of(Map.of("SLURM_GPUS_PER_NODE", "h100:4", "SLURM_JOB_NUM_NODES", "3")).orElseThrow()
        .gpus()).isEqualTo(12);
    assertThat(AllocationGpus.of(Map.of("SLURM_GPUS_PER_TASK", "1", "SLURM_NTASKS", "16")).orElseThrow().gpus())
        .isEqualTo(16);
    assertThat(AllocationGpus.of(Map.of("SLURM_JOB_ID", "7"))).as("a CPU allocation says nothing").isEmpty();
    assertThat(AllocationGpus.count("a100:2,h100:4")).hasValue(6);
    assertThat(AllocationGpus.count("gpu:h100:4(IDX:0-3)")).hasValue(4);
  }
}
