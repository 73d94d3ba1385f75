package io.gpubench.history.baseline;

import io.gpubench.results.compare.RunSamples;
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
   * One case's baseline: the runs its time is compared with, and the runs its memory is compared with. The times are
   * those of its clean runs; a case that has none is timed by its runs whose flags measured their bound (a contended
   * core's slowdown, forks' ratio), as a baseline file's flagged runs are, and one whose flags measured nothing (a
   * throttled or shared GPU) is not timed. Beside clean runs come the case's newest runs flagged with a measured
   * bound on the same clock, as a baseline file holds them: the comparison leaves them out of the time unless one of
   * them ran better than every clean run, which a device's state cannot explain ({@code
   * io.gpubench.results.compare.UsableRuns}). Memory does not depend on the device's state, so the runs left out of
   * the times are kept for the memory ({@code memoryOnly}); the memory figures are those of the newest runs that
   * passed, flagged or not.
   *
   * @param caseId the case
   * @param clock {@code device} or {@code host}: the clock of the newest baseline run (older runs on another clock
   *     are left out)
   * @param runs the runs of the times, newest first, each with its memory figures where it is one of the memory's
   *     runs: clean runs and the flagged runs with a measured bound beside them, or flagged runs alone; empty where no
   *     run could time the case
   * @param memoryOnly the memory's runs left out of the times, newest first
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

    /**
     * Whether the time is compared with flagged runs, the case having no clean one.
     *
     * @return true where its runs are flagged
     */
    public boolean timedByFlaggedRuns() {
      return !runs.isEmpty() && runs.stream().noneMatch(BaselineRun::clean);
    }

    /**
     * How many runs time the case as a rule: its clean runs, or where it has none its flagged runs.
     *
     * @return their number
     */
    public int timingRuns() {
      long clean = runs.stream().filter(BaselineRun::clean).count();
      return (int) (clean > 0 ? clean : runs.size());
    }
  }

  /**
   * One baseline run of a case.
   *
   * @param samples its samples with the flags a comparison bounds them by, as {@link RunSamples#stored} reads them
   *     (clean, or flagged with a measured bound: a run whose flags measured none never times a case)
   * @param finishedAt when it finished (or started), ISO-8601
   * @param commit its commit, or null
   * @param memory its memory figures by {@link io.gpubench.results.compare.MemoryFigure} name, bytes; empty where it
   *     is not one of the memory's runs or measured none
   */
  public record BaselineRun(RunSamples samples, String finishedAt, String commit, Map<String, Double> memory) {

    /**
     * Copies.
     *
     * @param samples samples
     * @param finishedAt finished
     * @param commit commit
     * @param memory memory figures
     */
    public BaselineRun {
      memory = Map.copyOf(memory);
    }

    /**
     * The run's id.
     *
     * @return the id
     */
    public String runId() {
      return samples.runId();
    }

    /**
     * Whether no flag bounds the run.
     *
     * @return true for a clean run
     */
    public boolean clean() {
      return samples.flags().isEmpty();
    }
  }

  /**
   * A run kept for its memory only: flagged, and left out of the times.
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
