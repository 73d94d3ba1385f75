package io.gpubench.engine.config;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.Map;
import java.util.Optional;

/**
 * Which share of the suite this run is: shard {@code index} of {@code count}, 1-based as Jest and Playwright write it
 * ({@code 1/3}, {@code 2/3}, {@code 3/3}). Set by {@link Constants#SHARD}, or, when that is unset, read from a Slurm
 * array task's variables ({@code SLURM_ARRAY_TASK_ID} relative to {@code SLURM_ARRAY_TASK_MIN} in steps of
 * {@code SLURM_ARRAY_TASK_STEP}, of {@code SLURM_ARRAY_TASK_COUNT}): an array may start at 0, at 1 or anywhere.
 * {@code 1/1} is the whole suite, the way to run one array task unsharded.
 *
 * @param index the shard's index, 1 to {@code count}
 * @param count the number of shards
 * @param source where the value came from: {@code gpubench.shard=2/3}, or the Slurm variables that made it
 */
public record Shard(int index, int count, String source) {

  /** The form the key takes, for messages. */
  static final String FORM = "I/N, the shard's index from 1 to N and the number of shards (1/3, 2/3, 3/3)";

  /**
   * The run's shard.
   *
   * @param value the key's value, or null when unset
   * @param env the process's environment, for Slurm's array variables
   * @return the shard; empty when the run is not sharded
   * @throws InvalidDeclarationException naming the key (or the variables), the value and the form
   */
  public static Optional<Shard> of(String value, Map<String, String> env) {
    if (value != null && !value.isBlank()) {
      return Optional.of(parse(value.trim()));
    }
    String id = env.get("SLURM_ARRAY_TASK_ID");
    String count = env.get("SLURM_ARRAY_TASK_COUNT");
    if (id == null || count == null) {
      return Optional.empty();
    }
    return Optional.of(fromSlurm(id, count, env.getOrDefault("SLURM_ARRAY_TASK_MIN", "0"),
        env.getOrDefault("SLURM_ARRAY_TASK_STEP", "1")));
  }

  /**
   * Parses {@code I/N}.
   *
   * @param value the value
   * @return the shard
   * @throws InvalidDeclarationException naming the key, the value and the form
   */
  public static Shard parse(String value) {
    String[] parts = value.split("/", -1);
    int index;
    int count;
    try {
      if (parts.length != 2) {
        throw new NumberFormatException();
      }
      index = Integer.parseInt(parts[0].trim());
      count = Integer.parseInt(parts[1].trim());
    } catch (NumberFormatException e) {
      throw ConfigValues.invalid(Constants.SHARD, value, "it takes " + FORM);
    }
    if (count < 1) {
      throw ConfigValues.invalid(Constants.SHARD, value, "the number of shards must be at least 1; it takes " + FORM);
    }
    if (index < 1 || index > count) {
      throw ConfigValues.invalid(Constants.SHARD, value, "the index must be from 1 to " + count + " (shards are "
          + "counted from 1); it takes " + FORM);
    }
    return new Shard(index, count, Constants.SHARD + "=" + index + "/" + count);
  }

  private static Shard fromSlurm(String id, String count, String min, String step) {
    String vars = "SLURM_ARRAY_TASK_ID=" + id + ", SLURM_ARRAY_TASK_MIN=" + min + ", SLURM_ARRAY_TASK_STEP=" + step
        + ", SLURM_ARRAY_TASK_COUNT=" + count;
    long i;
    long n;
    long lo;
    long by;
    try {
      i = Long.parseLong(id.trim());
      n = Long.parseLong(count.trim());
      lo = Long.parseLong(min.trim());
      by = Long.parseLong(step.trim());
    } catch (NumberFormatException e) {
      throw slurm(vars, "they are not whole numbers");
    }
    if (by < 1 || i < lo || (i - lo) % by != 0 || (i - lo) / by >= n || n < 1) {
      // An array written as a list (--array=1,5,7) has no step that maps its ids onto 1..N.
      throw slurm(vars, "this task's id is not one of MIN, MIN+STEP, ... of COUNT tasks (an --array written as a "
          + "list, such as 1,5,7?)");
    }
    int index = Math.toIntExact((i - lo) / by + 1);
    return new Shard(index, Math.toIntExact(n), "shard " + index + "/" + n + " from " + vars);
  }

  private static InvalidDeclarationException slurm(String vars, String why) {
    return new InvalidDeclarationException("configuration " + Constants.SHARD, "configuration " + Constants.SHARD
        + " is unset and the Slurm array's variables (" + vars + ") cannot give the shard: " + why + "; set "
        + Constants.SHARD + " to " + FORM + ", or to 1/1 to run the whole suite in this task", null);
  }

  /**
   * Whether this is the whole suite.
   *
   * @return true for 1/1
   */
  public boolean whole() {
    return count == 1;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
