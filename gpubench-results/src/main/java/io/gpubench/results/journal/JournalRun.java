package io.gpubench.results.journal;

import java.util.List;

import io.gpubench.api.result.RunResult;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run read back from its journal.
 *
 * @param file the journal
 * @param run the run: header, environment and every case recorded; {@code finishedAt} is the end line's time, or
 *     the last write's time for an incomplete run
 * @param plannedCases how many cases the run planned
 * @param incomplete why the run is incomplete (no end line: the process died or was killed; a torn last line), or
 *     null for a complete run
 * @param planned the ids of the planned cases, in plan order (empty for a journal of the first schema)
 * @param unfinished the cases that started and were never decided: running when the run ended
 * @param build the build the run belongs to ({@link JournalHeader#build()}), or null
 * @param shard the run's place in a sharded suite ({@link JournalHeader#shard()}), or null
 */
public record JournalRun(Path file, RunResult run, int plannedCases, String incomplete, List<String> planned,
    List<String> unfinished, String build, ShardMark shard) {

  /**
   * Copies the lists.
   *
   * @param file journal
   * @param run run
   * @param plannedCases planned count
   * @param incomplete why incomplete, or null
   * @param planned planned ids
   * @param unfinished unfinished ids
   * @param build build identity, or null
   * @param shard the shard, or null
   */
  public JournalRun {
    planned = planned == null ? List.of() : List.copyOf(planned);
    unfinished = unfinished == null ? List.of() : List.copyOf(unfinished);
  }

  /**
   * A run of the whole suite.
   *
   * @param file journal
   * @param run run
   * @param plannedCases planned count
   * @param incomplete why incomplete, or null
   * @param planned planned ids
   * @param unfinished unfinished ids
   * @param build build identity, or null
   */
  public JournalRun(Path file, RunResult run, int plannedCases, String incomplete, List<String> planned,
      List<String> unfinished, String build) {
    this(file, run, plannedCases, incomplete, planned, unfinished, build, null);
  }

  /**
   * A run read from a journal that names no planned case.
   *
   * @param file journal
   * @param run run
   * @param plannedCases planned count
   * @param incomplete why incomplete, or null
   */
  public JournalRun(Path file, RunResult run, int plannedCases, String incomplete) {
    this(file, run, plannedCases, incomplete, List.of(), List.of(), null, null);
  }

  /**
   * The planned cases the run did not decide, in plan order; the cases that were running when it ended first.
   *
   * @return the ids; empty for a complete run, and where the journal names no planned case
   */
  public List<String> undecided() {
    java.util.Set<String> decided = new java.util.HashSet<>();
    run.cases().forEach(c -> decided.add(c.id()));
    List<String> out = new java.util.ArrayList<>(unfinished.stream().filter(id -> !decided.contains(id)).toList());
    planned.stream().filter(id -> !decided.contains(id) && !out.contains(id)).forEach(out::add);
    return out;
  }

  /**
   * Whether the run ended normally.
   *
   * @return true when the journal has its end line
   */
  public boolean complete() {
    return incomplete == null;
  }

  /**
   * Why the run is incomplete.
   *
   * @return the reason, or empty for a complete run
   */
  public Optional<String> incompleteReason() {
    return Optional.ofNullable(incomplete);
  }
}
