package io.gpubench.api.result;

import java.util.List;

/**
 * Everything one run measured: where, when, and every case.
 *
 * @param schema the schema id, {@link #SCHEMA} for files this version writes
 * @param runId a unique id of the run
 * @param startedAt ISO-8601 instant the run started
 * @param finishedAt ISO-8601 instant the run ended
 * @param environment the machine and software the run used
 * @param cases every case, in execution order
 */
public record RunResult(
    String schema, String runId, String startedAt, String finishedAt, Environment environment, List<CaseResult> cases) {

  /**
   * The schema id this version writes and reads. 4 replaced 3: a Statistics' {@code ciLow}/{@code ciHigh} bound the
   * median per call (on the log scale, across forks a random-effects interval) rather than the mean, and a timing
   * may hold a batch figure and where its seconds went. 3 replaced 2: a shape's axes may hold real numbers and names
   * besides whole numbers, and a case names the axes the run overrode ({@code axisOverrides}).
   */
  public static final String SCHEMA = "gpubench-results/4";

  /**
   * The schema before {@link #SCHEMA}, still read: its fields read alike, but its intervals are of the mean, which
   * reports replace by the median's own from the trials where such an interval does not hold the median.
   */
  public static final String SCHEMA_3 = "gpubench-results/3";

  /** The schema before {@link #SCHEMA_3}, still read: its shapes hold whole numbers only, which version 3 reads alike. */
  public static final String SCHEMA_2 = "gpubench-results/2";

  /**
   * Makes the result, copying the case list.
   *
   * @param schema the schema id
   * @param runId a unique id of the run
   * @param startedAt ISO-8601 start
   * @param finishedAt ISO-8601 end
   * @param environment the environment
   * @param cases every case
   */
  public RunResult {
    cases = List.copyOf(cases);
  }
}
