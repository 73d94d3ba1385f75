package io.gpubench.history.series;

import java.util.Map;

/**
 * A stored run without its cases: what the history page and the series show about it.
 *
 * @param runId the run's id
 * @param startedAt ISO-8601 start
 * @param startedMillis the start, ms since the epoch: the order of a series
 * @param finishedAt ISO-8601 end, or null
 * @param complete whether it ended normally
 * @param incompleteReason why not, or null
 * @param commit its commit, or null
 * @param branch its branch, or null
 * @param dirty whether the work tree had changes, or null
 * @param ciProvider the CI, or null
 * @param ciBuildId the CI's build id, or null
 * @param ciBuildUrl a link to the build, or null
 * @param testbed the hardware key
 * @param software the software versions
 * @param host the host name, or null
 * @param source {@code journal}, {@code results} or {@code baseline}
 * @param cases how many cases it recorded
 */
public record RunInfo(String runId, String startedAt, long startedMillis, String finishedAt, boolean complete,
    String incompleteReason, String commit, String branch, Boolean dirty, String ciProvider, String ciBuildId,
    String ciBuildUrl, String testbed, Map<String, String> software, String host, String source, int cases) {

  /**
   * Copies the software map.
   *
   * @param runId id
   * @param startedAt start
   * @param startedMillis start ms
   * @param finishedAt end
   * @param complete complete
   * @param incompleteReason why incomplete
   * @param commit commit
   * @param branch branch
   * @param dirty dirty
   * @param ciProvider CI
   * @param ciBuildId build id
   * @param ciBuildUrl build URL
   * @param testbed testbed
   * @param software software
   * @param host host
   * @param source source
   * @param cases cases
   */
  public RunInfo {
    software = Map.copyOf(software == null ? Map.of() : software);
  }
}
