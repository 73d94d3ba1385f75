package io.gpubench.maven.baseline;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param runs the runs, oldest first; empty only in a history's baseline whose every run of the case was flagged
 * @param memoryOnly runs kept for their memory only ({@link MemoryRun}), oldest first: a history's flagged runs;
 *     never written into a file (empty)
 */
public record BaselineCase(String id, String clock, List<BaselineRun> runs,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<MemoryRun> memoryOnly) {

  /**
   * Makes the record, copying the runs.
   *
   * @param id case id
   * @param clock clock
   * @param runs runs
   * @param memoryOnly runs kept for their memory only
   */
  public BaselineCase {
    runs = runs == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(runs));
    memoryOnly = memoryOnly == null ? List.of() : List.copyOf(memoryOnly);
  }

  /**
   * A case of a recorded file: every run with its times.
   *
   * @param id case id
   * @param clock clock
   * @param runs runs
   */
  public BaselineCase(String id, String clock, List<BaselineRun> runs) {
    this(id, clock, runs, List.of());
  }

  /**
   * The memory figures a later build's memory is compared with: one map per run, the timed runs' and the
   * memory-only runs', by {@link io.gpubench.results.compare.MemoryFigure} name.
   *
   * @return the maps, oldest timed run first, then the memory-only runs
   */
  public List<Map<String, Double>> memory() {
    List<Map<String, Double>> out = new ArrayList<>();
    runs.forEach(r -> out.add(r.memory()));
    memoryOnly.forEach(r -> out.add(r.memory()));
    return out;
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
    Map<String, MemoryRun> memoryById = new LinkedHashMap<>();
    memoryOnly.forEach(r -> memoryById.put(r.runId(), r));
    newer.memoryOnly().forEach(r -> {
      memoryById.remove(r.runId());
      memoryById.put(r.runId(), r);
    });
    byId.keySet().forEach(memoryById::remove);
    List<MemoryRun> memory = new ArrayList<>(memoryById.values());
    return new BaselineCase(id, clock, all.subList(Math.max(0, all.size() - maxRuns), all.size()),
        memory.subList(Math.max(0, memory.size() - maxRuns), memory.size()));
  }
}
