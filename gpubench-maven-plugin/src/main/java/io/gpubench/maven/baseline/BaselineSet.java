package io.gpubench.maven.baseline;

import io.gpubench.results.compare.Fingerprint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The content of a baseline file: one {@link EnvironmentBaseline} per hardware key, so one committed file serves a
 * CI matrix of several GPUs.
 *
 * @param schema {@link #SCHEMA}
 * @param environments the environments, sorted by key
 */
public record BaselineSet(String schema, List<EnvironmentBaseline> environments) {

  /** The schema id of baseline files this version writes and reads: cases hold runs. */
  public static final String SCHEMA = "gpubench-baseline/2";

  /** The schema id of the first version (one run's samples per case), still read and upgraded. */
  public static final String SCHEMA_1 = "gpubench-baseline/1";

  /**
   * Makes the set, sorting the environments by key.
   *
   * @param schema schema id
   * @param environments environments
   */
  public BaselineSet {
    environments = environments == null ? List.of() : environments.stream()
        .sorted(Comparator.comparing(EnvironmentBaseline::key, Comparator.nullsFirst(Comparator.naturalOrder())))
        .toList();
  }

  /**
   * An empty set, for a file not yet recorded.
   *
   * @return the set
   */
  public static BaselineSet empty() {
    return new BaselineSet(SCHEMA, List.of());
  }

  /**
   * Finds the environment with a key.
   *
   * @param key the hardware key
   * @return the environment, if recorded
   */
  public Optional<EnvironmentBaseline> find(String key) {
    return environments.stream().filter(e -> e.key().equals(key)).findFirst();
  }

  /**
   * The software differences between a new recording and this file's entry for the same hardware: when there are
   * any, the entry's old cases were measured under other software and must not be merged with the new ones.
   *
   * @param recorded the new recording
   * @param ignoredDetails detail names that do not count, with {@code *} wildcards
   * @return the differences as {@code name: old -> new}; empty when the key is new or the software is the same
   */
  public List<String> softwareChanges(EnvironmentBaseline recorded, List<String> ignoredDetails) {
    return find(recorded.key())
        .map(old -> new Fingerprint(recorded.key(), recorded.details()).differencesFrom(old.details(), ignoredDetails))
        .orElse(List.of());
  }

  /**
   * Records an environment's baseline: added when the key is new, else merged case by case into the existing one
   * (runs added, the newest {@code maxRuns} kept), or put in its place when {@code replace} is set.
   *
   * @param recorded the new recording
   * @param replace whether to drop the environment's old runs and the cases that the new recording lacks
   * @param maxRuns the most runs to keep per case
   * @return the updated set
   */
  public BaselineSet with(EnvironmentBaseline recorded, boolean replace, int maxRuns) {
    List<EnvironmentBaseline> out = new ArrayList<>();
    boolean merged = false;
    for (EnvironmentBaseline e : environments) {
      if (e.key().equals(recorded.key())) {
        out.add(replace ? recorded : e.mergedWith(recorded, maxRuns));
        merged = true;
      } else {
        out.add(e);
      }
    }
    if (!merged) {
      out.add(recorded);
    }
    return new BaselineSet(SCHEMA, out);
  }
}
