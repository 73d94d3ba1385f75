package io.gpubench.maven.baseline;

import io.gpubench.results.compare.RunSamples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case in a baseline file: its clock and the runs it was recorded in, oldest first. Several runs (each its own
 * JVM) are what let the comparison tell a change of the code from the spread between runs; a case with one run gets
 * provisional verdicts.
 *
 * @param id the case id, as in the results file
 * @param clock {@code "device"} or {@code "host"}: the clock of every run's samples
 * @param runs the runs, oldest first
 */
public record BaselineCase(String id, String clock, List<BaselineRun> runs) {

  /**
   * Makes the record, copying the runs.
   *
   * @param id case id
   * @param clock clock
   * @param runs runs
   */
  public BaselineCase {
    runs = runs == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(runs));
  }

  /**
   * The runs as the comparison takes them, in nanoseconds per call.
   *
   * @return one entry per run
   */
  public List<RunSamples> samples() {
    return runs.stream().map(r -> new RunSamples(r.runId(), clock, r.toArray(), r.flags(), r.boundingSlowdown(),
        r.boundingSpread())).toList();
  }

  /**
   * This case with newer runs added: a run whose id is already here replaces the old one (recording the same
   * results twice must not count one run twice), and only the newest {@code maxRuns} are kept. Runs on another
   * clock replace all the old ones, which could not be compared with them.
   *
   * @param newer the newer recording of the case
   * @param maxRuns how many runs to keep, at least 1
   * @return the merged case
   */
  public BaselineCase plus(BaselineCase newer, int maxRuns) {
    if (!newer.clock().equals(clock)) {
      return newer;
    }
    Map<String, BaselineRun> byId = new LinkedHashMap<>();
    runs.forEach(r -> byId.put(r.runId(), r));
    newer.runs().forEach(r -> {
      byId.remove(r.runId());
      byId.put(r.runId(), r);
    });
    List<BaselineRun> all = new ArrayList<>(byId.values());
    return new BaselineCase(id, clock, all.subList(Math.max(0, all.size() - maxRuns), all.size()));
  }
}
