package io.gpubench.history.publish;

import io.gpubench.api.result.RunResult;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.Journal;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import io.gpubench.results.journal.ShardedRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what a user names into runs to publish: a journal ({@code .jsonl}, one run, complete or not), a results file
 * ({@code results.json}), a baseline file ({@code gpubench-baseline.json}, one run per recorded run id and testbed),
 * an output folder (its journals, else its results file), or the folder of a sharded suite's journals (one run).
 * The journal stays the source of truth: the store is fed from it, and anything published can be published again
 * from it.
 */
public final class Sources {

  private Sources() {}

  /**
   * Reads files and folders into runs.
   *
   * @param paths what the user named
   * @param provenance where the runs come from (commit, branch, CI); a run's own commit wins
   * @return the runs, in the order named
   * @throws io.gpubench.results.ResultsFile.InvalidResultsException naming a file that is none of these
   */
  public static List<RunRecord> read(List<Path> paths, Provenance provenance) {
    List<RunRecord> out = new ArrayList<>();
    for (Path p : paths) {
      out.addAll(read(p, provenance));
    }
    return out;
  }

  private static List<RunRecord> read(Path p, Provenance provenance) {
    if (Files.isDirectory(p)) {
      Path outputDir = p.getFileName() != null && p.getFileName().toString().equals(Journal.FOLDER)
          && p.getParent() != null ? p.getParent() : p;
      List<JournalRun> journals = Journals.inFolder(outputDir);
      var shards = ShardedRun.of(journals);
      if (shards.isPresent()) {
        return List.of(sharded(shards.get(), provenance));
      }
      if (!journals.isEmpty()) {
        return journals.stream().map(j -> RunRecord.of(j, provenance)).toList();
      }
      Path results = outputDir.resolve("results.json");
      if (Files.isRegularFile(results)) {
        return List.of(results(results, provenance));
      }
      throw ResultsFile.invalid(p, "holds no journal (journal/*.jsonl) and no results.json: nothing to publish");
    }
    String name = p.getFileName() == null ? "" : p.getFileName().toString();
    if (name.endsWith(".jsonl")) {
      return List.of(RunRecord.of(Journals.read(p), provenance));
    }
    if (BaselineImport.isBaseline(p)) {
      return BaselineImport.read(p, provenance);
    }
    return List.of(results(p, provenance));
  }

  /**
   * The shards of a sharded suite ({@code gpubench.shard}) as the one run they are. Refused with shards missing: the
   * store keeps one record per run id, so a shard that ends later could not be added.
   */
  private static RunRecord sharded(ShardedRun shards, Provenance provenance) {
    if (!shards.whole()) {
      throw ResultsFile.invalid(shards.journals().get(0).file().getParent(), "holds sharded run " + shards.runId()
          + ": " + shards.missingText() + "; it is not published, since the history keeps one record per run and"
          + " the missing shards could not be added later: run them into this folder, then publish");
    }
    String why = shards.incompleteReason().orElse(null);
    return RunRecord.of(shards.merged(), why == null, why, shards.mark().totalCases(), provenance, "journal");
  }

  private static RunRecord results(Path file, Provenance provenance) {
    RunResult run = ResultsFile.read(file);
    // A results file is written when a run ends: it is a complete run, but says nothing of what it planned.
    return RunRecord.of(run, true, null, null, provenance, "results");
  }

  static String text(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw ResultsFile.invalid(p, "cannot be read: " + e.getMessage());
    }
  }
}
