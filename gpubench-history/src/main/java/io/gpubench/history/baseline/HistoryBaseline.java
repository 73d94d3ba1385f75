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
   * One case's baseline: the runs its time is compared with, and the runs its memory is compared with. Memory does
   * not depend on a throttled or shared GPU or a contended core, so a run flagged so is left out of the times and kept
   * for the memory ({@code memoryOnly}); the memory figures are those of the newest runs that passed, flagged or not.
   *
   * @param caseId the case
   * @param clock {@code device} or {@code host}: the clock of the newest baseline run (older runs on another clock
   *     are left out)
   * @param runs the runs of the times, newest first, each with its memory figures where it is one of the memory's
   *     runs; empty where every run of the case was flagged
   * @param memoryOnly runs flagged throttled, shared or contended among the memory's runs, newest first
   * @param acceptedFrom the run an accepted change of the time starts the case's level at, or null
   */
  public record CaseBaseline(String caseId, String clock, List<BaselineRun> runs, List<MemoryRun> memoryOnly,
      String acceptedFrom) {

    /**
     * Copies.
     *
     * @param caseId case
     * @param clock clock
     * @param runs runs
     * @param memoryOnly memory-only runs
     * @param acceptedFrom accepted change's run
     */
    public CaseBaseline {
      runs = List.copyOf(runs);
      memoryOnly = List.copyOf(memoryOnly);
    }
  }

  /**
   * One baseline run of a case.
   *
   * @param runId the run
   * @param finishedAt when it finished (or started), ISO-8601
   * @param commit its commit, or null
   * @param samples the per-call time of every trial, ns
   * @param memory its memory figures by {@link io.gpubench.results.compare.MemoryFigure} name, bytes; empty where it
   *     is not one of the memory's runs or measured none
   */
  public record BaselineRun(String runId, String finishedAt, String commit, double[] samples,
      Map<String, Double> memory) {

    /**
     * Copies.
     *
     * @param runId run
     * @param finishedAt finished
     * @param commit commit
     * @param samples samples
     * @param memory memory figures
     */
    public BaselineRun {
      memory = Map.copyOf(memory);
    }
  }

  /**
   * A run kept for its memory only: flagged throttled, shared or contended, so left out of the times.
   *
   * @param runId the run
   * @param finishedAt when it finished (or started), ISO-8601
   * @param memory its memory figures by {@link io.gpubench.results.compare.MemoryFigure} name, bytes
   */
  public record MemoryRun(String runId, String finishedAt, Map<String, Double> memory) {

    /**
     * Copies.
     *
     * @param runId run
     * @param finishedAt finished
     * @param memory memory figures
     */
    public MemoryRun {
      memory = Map.copyOf(memory);
    }
  }
}
