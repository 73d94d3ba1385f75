package io.gpubench.results.journal;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The journals of a sharded suite ({@code gpubench.shard=I/N}) read as one run: every shard's cases, the shards that
 * are missing named by index, and journals that cannot be one run refused. Journals belong together when they share
 * the number of shards, the plan's fingerprint (the same suite, planned from the same times), the run id the shards
 * share ({@code gpubench.shard.run}: a Slurm array job, a CI run) and the commit; a folder holding journals of two
 * plans or commits, or sharded beside unsharded journals, is an error naming the files, since merging them would
 * report cases of two suites, or two builds, as one.
 *
 * <p>A shard run twice into the same run (a requeued array task, a CI job run again) counts once: its latest
 * journal, the others named in a note.
 *
 * @param shards the journal kept for each shard present, by index
 * @param count the number of shards
 * @param mark the first shard's mark (the plan, the suite's cases and planned seconds)
 * @param missing the indexes of the shards that left no journal, ascending
 * @param notes what the reader must know: journals replaced by a later run of their shard
 */
public record ShardedRun(Map<Integer, JournalRun> shards, int count, ShardMark mark, List<Integer> missing,
    List<String> notes) {

  /**
   * Copies the collections.
   *
   * @param shards shards by index
   * @param count number of shards
   * @param mark the plan's mark
   * @param missing missing indexes
   * @param notes notes
   */
  public ShardedRun {
    shards = java.util.Collections.unmodifiableMap(new TreeMap<>(shards));
    missing = List.copyOf(missing);
    notes = List.copyOf(notes);
  }

  /**
   * Reads journals as a sharded run, where they are one.
   *
   * @param journals the journals of a folder, oldest first
   * @return the sharded run; empty when no journal is a shard's
   * @throws ResultsFile.InvalidResultsException naming the files when the journals are not one run of one suite
   */
  public static Optional<ShardedRun> of(List<JournalRun> journals) {
    List<JournalRun> sharded = journals.stream().filter(j -> j.shard() != null).toList();
    if (sharded.isEmpty()) {
      return Optional.empty();
    }
    Path folder = sharded.get(0).file().getParent();
    if (sharded.size() < journals.size()) {
      throw ResultsFile.invalid(folder, "holds journals of shards and of runs of the whole suite, which are not one"
          + " run: " + describe(journals) + "; give the shards a folder of their own (gpubench.shard.dir)");
    }
    Map<String, List<JournalRun>> byRun = new LinkedHashMap<>();
    for (JournalRun j : sharded) {
      byRun.computeIfAbsent(identity(j), k -> new ArrayList<>()).add(j);
    }
    if (byRun.size() > 1) {
      StringBuilder groups = new StringBuilder();
      byRun.forEach((id, js) -> groups.append(groups.length() == 0 ? "" : "; ").append(id).append(": ")
          .append(String.join(", ", js.stream().map(j -> j.file().getFileName() + " (shard " + j.shard() + ")")
              .toList())));
      throw ResultsFile.invalid(folder, "holds the journals of " + byRun.size() + " different sharded runs, which"
          + " are not one run of the suite: " + groups + ". Shards of one run share the number of shards, the plan"
          + " (the same suite and recorded times), the run id (gpubench.shard.run) and the commit; move the other "
          + "run's journals to a folder of their own, or name the journals of one run");
    }
    Map<Integer, JournalRun> kept = new TreeMap<>();
    List<String> notes = new ArrayList<>();
    for (JournalRun j : sharded) { // oldest first: a later run of a shard replaces an earlier one
      JournalRun earlier = kept.put(j.shard().index(), j);
      if (earlier != null) {
        notes.add("shard " + j.shard() + " ran more than once: " + earlier.file().getFileName() + " (run "
            + earlier.run().runId() + ") is replaced by the later " + j.file().getFileName());
      }
    }
    int count = sharded.get(0).shard().count();
    List<Integer> missing = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      if (!kept.containsKey(i)) {
        missing.add(i);
      }
    }
    return Optional.of(new ShardedRun(kept, count, sharded.get(0).shard(), missing, notes));
  }

  private static String identity(JournalRun j) {
    ShardMark s = j.shard();
    String commit = j.run().environment() == null ? null : j.run().environment().gitRevision();
    return "plan " + s.plan() + " of " + s.count() + " shards, run " + Objects.requireNonNullElse(s.run(), "(none)")
        + ", commit " + Objects.requireNonNullElse(commit, "(unknown)");
  }

  private static String describe(List<JournalRun> journals) {
    return String.join(", ", journals.stream().map(j -> j.file().getFileName() + " ("
        + (j.shard() == null ? "whole suite" : "shard " + j.shard()) + ")").toList());
  }

  /**
   * The journals kept, by index.
   *
   * @return one per shard present, in index order
   */
  public List<JournalRun> journals() {
    return List.copyOf(shards.values());
  }

  /**
   * Whether every shard left its journal.
   *
   * @return true when none is missing
   */
  public boolean whole() {
    return missing.isEmpty();
  }

  /**
   * How many of the suite's cases the missing shards held.
   *
   * @return the suite's cases less those the present shards planned
   */
  public int missingCases() {
    return Math.max(0, mark.totalCases() - shards.values().stream().mapToInt(j -> j.shard().cases()).sum());
  }

  /**
   * The id of the suite's run, the same whichever shards are read: from the shards' run id and the plan, else the
   * plan and the earliest shard's run.
   *
   * @return such as {@code shards-slurm-4242-3f9a1c0e7b2d}
   */
  public String runId() {
    String base = mark.run() != null ? mark.run()
        : shards.values().stream().map(j -> j.run().runId()).sorted().findFirst().orElse("none");
    return "shards-" + base + "-" + mark.plan();
  }

  /**
   * Why the suite's run is incomplete: shards missing, or shards that did not end normally.
   *
   * @return the reason; empty when every shard ended normally
   */
  public Optional<String> incompleteReason() {
    List<String> why = new ArrayList<>();
    if (!missing.isEmpty()) {
      why.add(missingText());
    }
    shards.values().stream().filter(j -> !j.complete())
        .forEach(j -> why.add("shard " + j.shard() + " is incomplete: " + j.incomplete()));
    return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why));
  }

  /**
   * The missing shards in words.
   *
   * @return such as {@code shard 2 of 3 is missing (its 334 of 1000 cases did not run)}
   */
  public String missingText() {
    List<String> ids = missing.stream().map(String::valueOf).toList();
    return (missing.size() == 1 ? "shard " : "shards ") + String.join(", ", ids) + " of " + count
        + (missing.size() == 1 ? " is" : " are") + " missing (" + missingCases() + " of " + mark.totalCases()
        + " cases of the suite did not run)";
  }

  /**
   * The shards' cases as one run: the earliest start, the latest end, the first shard's environment.
   *
   * @return the run, under {@link #runId()}
   */
  public RunResult merged() {
    RunResult m = Journals.merge(journals());
    return new RunResult(m.schema(), runId(), m.startedAt(), m.finishedAt(), m.environment(), m.cases());
  }
}
