package io.gpubench.engine.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * How a run shares the suite with the other shards: which shard it is, where the shards' journals go, which recorded
 * times balance them and which run of the suite they belong to. See {@link Constants#SHARD}.
 *
 * @param shard this run's shard, or null when the run is the whole suite
 * @param dir the folder the shards' journals go to ({@link Constants#SHARD_DIR})
 * @param times the recorded times to plan by ({@link Constants#SHARD_TIMES}), or null
 * @param run the id the shards of this run of the suite share ({@link Constants#SHARD_RUN}), or null
 */
public record ShardSettings(Shard shard, Path dir, Path times, String run) {

  /** Not sharded. */
  public static final ShardSettings NONE = new ShardSettings(null, Path.of(Constants.DEFAULT_SHARD_DIR), null, null);

  /**
   * Reads the settings.
   *
   * @param shard the value of {@link Constants#SHARD}, or null
   * @param dir the value of {@link Constants#SHARD_DIR}, or null
   * @param times the value of {@link Constants#SHARD_TIMES}, or null
   * @param run the value of {@link Constants#SHARD_RUN}, or null
   * @param env the process's environment (Slurm's and the CI's variables)
   * @return the settings
   * @throws io.gpubench.engine.declaration.InvalidDeclarationException naming the key and the value
   */
  public static ShardSettings of(String shard, String dir, String times, String run, Map<String, String> env) {
    Shard s = Shard.of(shard, env).orElse(null);
    String id = run != null ? run : defaultRun(env);
    return new ShardSettings(s, Path.of(dir == null ? Constants.DEFAULT_SHARD_DIR : dir),
        times == null ? null : Path.of(times), id);
  }

  // The variables that name one run of a job, in the order they are looked for, with the prefix each id gets.
  private static final Map<String, String> RUN_VARIABLES = new java.util.LinkedHashMap<>();

  static {
    RUN_VARIABLES.put("SLURM_ARRAY_JOB_ID", "slurm-");
    RUN_VARIABLES.put("GITHUB_RUN_ID", "github-");
    RUN_VARIABLES.put("CI_PIPELINE_ID", "gitlab-");
  }

  private static String defaultRun(Map<String, String> env) {
    for (Map.Entry<String, String> v : RUN_VARIABLES.entrySet()) {
      String value = env.get(v.getKey());
      if (value != null && !value.isBlank()) {
        return v.getValue() + value.trim();
      }
    }
    return null;
  }

  /**
   * This run's shard.
   *
   * @return the shard; empty when the run is the whole suite
   */
  public Optional<Shard> current() {
    return Optional.ofNullable(shard);
  }
}
