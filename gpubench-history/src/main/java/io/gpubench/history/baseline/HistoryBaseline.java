package io.gpubench.history.baseline;

import java.util.List;
import java.util.Map;

/**
 * The baseline history gives a build: per case, the runs it is compared with, and what the reader must know about
 * the choice (how many runs, which were left out and why).
 *
 * @param cases per case id, its baseline runs (newest first); a case without any is absent
 * @param notes what was chosen and what was left out, for the build log
 * @param runsOfTestbed how many complete runs of the branch the store holds for this testbed
 */
public record HistoryBaseline(Map<String, CaseBaseline> cases, List<String> notes, int runsOfTestbed) {

  /**
   * Copies.
   *
   * @param cases cases
   * @param notes notes
   * @param runsOfTestbed runs of the testbed
   */
  public HistoryBaseline {
    cases = Map.copyOf(cases);
    notes = List.copyOf(notes);
  }

  /**
   * One case's baseline.
   *
   * @param caseId the case
   * @param clock {@code device} or {@code host}: the clock of the newest baseline run (older runs on another clock
   *     are left out)
   * @param runs the runs, newest first
   * @param acceptedFrom the run an accepted change starts the case's level at, or null
   */
  public record CaseBaseline(String caseId, String clock, List<BaselineRun> runs, String acceptedFrom) {

    /**
     * Copies.
     *
     * @param caseId case
     * @param clock clock
     * @param runs runs
     * @param acceptedFrom accepted change's run
     */
    public CaseBaseline {
      runs = List.copyOf(runs);
    }
  }

  /**
   * One baseline run of a case.
   *
   * @param runId the run
   * @param finishedAt when it finished (or started), ISO-8601
   * @param commit its commit, or null
   * @param samples the per-call time of every trial, ns
   */
  public record BaselineRun(String runId, String finishedAt, String commit, double[] samples) {}
}
