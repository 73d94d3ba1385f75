package io.gpubench.engine.plan;

import java.util.Map;
import java.util.OptionalInt;

/**
 * How many GPUs the Slurm allocation of the build holds, for worlds that span its nodes: the engine sees only its
 * own node's devices, while the Slurm launcher gives each rank a GPU of the allocation ({@code --gpus-per-task=1}).
 * Read from the variables Slurm sets in the job's environment, the first that says: {@code SLURM_GPUS} (the job's
 * {@code --gpus}), {@code SLURM_GPUS_PER_NODE} or {@code SLURM_GPUS_ON_NODE} times {@code SLURM_JOB_NUM_NODES},
 * {@code SLURM_GPUS_PER_TASK} times {@code SLURM_NTASKS}. A count may carry a type ({@code h100:4}).
 *
 * @param gpus the count
 * @param source which variables said so, for a skip reason
 */
record AllocationGpus(int gpus, String source) {

  /**
   * The allocation's GPUs.
   *
   * @param env the engine's environment
   * @return the count and whence, or empty where Slurm's variables do not say
   */
  static java.util.Optional<AllocationGpus> of(Map<String, String> env) {
    OptionalInt total = count(env.get("SLURM_GPUS"));
    if (total.isPresent()) {
      return java.util.Optional.of(new AllocationGpus(total.getAsInt(), "SLURM_GPUS=" + env.get("SLURM_GPUS")));
    }
    OptionalInt nodes = count(env.get("SLURM_JOB_NUM_NODES"));
    for (String perNode : new String[] {"SLURM_GPUS_PER_NODE", "SLURM_GPUS_ON_NODE"}) {
      OptionalInt n = count(env.get(perNode));
      if (n.isPresent() && nodes.isPresent()) {
        return java.util.Optional.of(new AllocationGpus(n.getAsInt() * nodes.getAsInt(), perNode + "="
            + env.get(perNode) + " x SLURM_JOB_NUM_NODES=" + nodes.getAsInt()));
      }
    }
    OptionalInt perTask = count(env.get("SLURM_GPUS_PER_TASK"));
    OptionalInt tasks = count(env.get("SLURM_NTASKS"));
    if (perTask.isPresent() && tasks.isPresent()) {
      return java.util.Optional.of(new AllocationGpus(perTask.getAsInt() * tasks.getAsInt(), "SLURM_GPUS_PER_TASK="
          + env.get("SLURM_GPUS_PER_TASK") + " x SLURM_NTASKS=" + tasks.getAsInt()));
    }
    return java.util.Optional.empty();
  }

  /** {@code 4}, {@code h100:4}; several types ({@code a100:2,h100:4}) are summed. */
  static OptionalInt count(String value) {
    if (value == null || value.isBlank()) {
      return OptionalInt.empty();
    }
    int sum = 0;
    for (String part : value.split(",")) {
      String bare = part.replaceAll("\\(.*\\)", "");
      String n = bare.substring(bare.lastIndexOf(':') + 1).trim();
      try {
        sum += Integer.parseInt(n);
      } catch (NumberFormatException e) {
        return OptionalInt.empty();
      }
    }
    return OptionalInt.of(sum);
  }
}
