package io.gpubench.results.journal;

import java.util.List;

import io.gpubench.api.result.Environment;

/**
 * The first line of a journal.
 *
 * @param runId the run's id, also in the file's name
 * @param startedAt ISO-8601 start of the run
 * @param pid the process id of the engine that wrote it
 * @param plannedCases how many cases the run planned, to tell how much an incomplete run is missing
 * @param environment the environment fingerprint, as results.json records it
 * @param planned the ids of the planned cases, in plan order, so that an incomplete run can name what it did not
 *     decide; empty in journals of the first schema
 * @param build which build the run belongs to, the same for every Surefire fork of one Maven build ({@link
 *     BuildIdentity}), so that their results files hold all their cases; null where the run is its own build
 * @param shard the run's place in a sharded suite ({@code gpubench.shard}), or null for a run of the whole suite
 */
public record JournalHeader(String runId, String startedAt, long pid, int plannedCases, Environment environment,
    List<String> planned, String build, ShardMark shard) {

  /**
   * Copies the planned ids.
   *
   * @param runId run id
   * @param startedAt start
   * @param pid engine pid
   * @param plannedCases planned count
   * @param environment environment
   * @param planned planned ids
   * @param build build identity, or null
   * @param shard the shard, or null
   */
  public JournalHeader {
    planned = planned == null ? List.of() : List.copyOf(planned);
  }

  /**
   * A header of a run of the whole suite.
   *
   * @param runId run id
   * @param startedAt start
   * @param pid engine pid
   * @param plannedCases planned count
   * @param environment environment
   * @param planned planned ids
   * @param build build identity, or null
   */
  public JournalHeader(String runId, String startedAt, long pid, int plannedCases, Environment environment,
      List<String> planned, String build) {
    this(runId, startedAt, pid, plannedCases, environment, planned, build, null);
  }

  /**
   * A header without planned ids or build, as the first schema wrote it.
   *
   * @param runId run id
   * @param startedAt start
   * @param pid engine pid
   * @param plannedCases planned count
   * @param environment environment
   */
  public JournalHeader(String runId, String startedAt, long pid, int plannedCases, Environment environment) {
    this(runId, startedAt, pid, plannedCases, environment, List.of(), null, null);
  }
}
