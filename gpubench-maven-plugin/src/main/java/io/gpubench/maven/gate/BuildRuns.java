package io.gpubench.maven.gate;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.journal.Journals;
import io.gpubench.results.journal.ShardedRun;
import java.nio.file.Path;
import java.util.List;

/**
 * The runs a goal judges, with where they came from: the journals this build's test phase wrote (one per engine
 * run, so one per Surefire fork), or a results file the user named.
 *
 * @param runs the runs, oldest first
 * @param notes what the reader must know about the choice: a named file's age, a results file read for want of a
 *     journal, a shard that ran twice
 * @param shards where the runs are the shards of one sharded suite ({@code gpubench.shard}), which shards they are
 *     and which are missing; null otherwise
 */
public record BuildRuns(List<Judged> runs, List<String> notes, ShardedRun shards) {

  /**
   * Makes the record, copying the lists.
   *
   * @param runs the runs, at least one
   * @param notes notes
   * @param shards the shards the runs are, where they are the journals of a sharded suite; else null
   * @throws IllegalArgumentException when there is no run
   */
  public BuildRuns {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no run to judge");
    }
    runs = List.copyOf(runs);
    notes = List.copyOf(notes);
  }

  /**
   * Runs that are not shards of a suite.
   *
   * @param runs the runs, at least one
   * @param notes notes
   */
  public BuildRuns(List<Judged> runs, List<String> notes) {
    this(runs, notes, null);
  }

  /**
   * The runs' results.
   *
   * @return one per run
   */
  public List<RunResult> results() {
    return runs.stream().map(Judged::run).toList();
  }

  /**
   * All runs as one, as the rules and the summary read them.
   *
   * @return the merged run: every case of every run
   */
  public RunResult merged() {
    if (shards != null) {
      return shards.merged();
    }
    return runs.size() == 1 ? runs.get(0).run() : Journals.merge(runs.stream()
        .map(j -> new io.gpubench.results.journal.JournalRun(j.file(), j.run(), j.run().cases().size(),
            j.incomplete())).toList());
  }

  /**
   * The runs that did not end normally.
   *
   * @return the incomplete runs
   */
  public List<Judged> incomplete() {
    return runs.stream().filter(j -> j.incomplete() != null).toList();
  }

  /**
   * The files read, for messages: one name, or the folder and a count.
   *
   * @return the text
   */
  public String describe() {
    if (shards != null) {
      return shards.shards().size() + " of " + shards.count() + " shards (plan " + shards.mark().plan() + ") in "
          + runs.get(0).file().getParent();
    }
    if (runs.size() == 1) {
      return runs.get(0).file().toString();
    }
    return runs.size() + " runs in " + runs.get(0).file().getParent();
  }

  /**
   * One run to judge.
   *
   * @param run the run
   * @param file the journal or results file it was read from
   * @param incomplete why the run is incomplete, or null when it ended normally
   * @param planned how many cases the run planned, or -1 when the file does not say (a results file)
   * @param undecided the planned cases the run did not decide, those running when it ended first; empty where the
   *     file does not say
   * @param unfinished the cases that were running when the run ended
   */
  public record Judged(RunResult run, Path file, String incomplete, int planned, List<String> undecided,
      List<String> unfinished) {

    /**
     * Copies the lists.
     *
     * @param run run
     * @param file file
     * @param incomplete why incomplete, or null
     * @param planned planned count, or -1
     * @param undecided undecided ids
     * @param unfinished unfinished ids
     */
    public Judged {
      undecided = undecided == null ? List.of() : List.copyOf(undecided);
      unfinished = unfinished == null ? List.of() : List.copyOf(unfinished);
    }

    /**
     * A run whose file names no planned case.
     *
     * @param run run
     * @param file file
     * @param incomplete why incomplete, or null
     * @param planned planned count, or -1
     */
    public Judged(RunResult run, Path file, String incomplete, int planned) {
      this(run, file, incomplete, planned, List.of(), List.of());
    }
  }
}
