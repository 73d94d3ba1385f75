package io.gpubench.engine.plan;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The seconds each case took in an earlier run ({@link Constants#SHARD_TIMES}), for balancing shards: a case's
 * {@code timing.spent.totalSeconds} (worker start, set-up, warm-up, trials, end: what the shard's wall clock pays),
 * else its timed seconds. Read from a results file, a journal, or a folder of journals; where several runs hold a
 * case, the latest one's time counts.
 */
public final class RecordedTimes {
  private final Map<String, Double> seconds;
  private final Path from;

  private RecordedTimes(Map<String, Double> seconds, Path from) {
    this.seconds = Map.copyOf(seconds);
    this.from = from;
  }

  /** No recorded times: every case is planned at its declared budget. */
  public static final RecordedTimes NONE = new RecordedTimes(Map.of(), null);

  /**
   * Reads the recorded times.
   *
   * @param path a results file, a journal or a folder of journals
   * @return the times
   * @throws InvalidDeclarationException naming the key, the path and why it cannot be used
   */
  public static RecordedTimes read(Path path) {
    Map<String, Double> seconds = new HashMap<>();
    try {
      if (Files.isDirectory(path)) {
        List<JournalRun> runs = Journals.inFolder(path);
        if (runs.isEmpty() && Files.isRegularFile(path.resolve("results.json"))) {
          add(seconds, ResultsFile.read(path.resolve("results.json")));
        }
        if (runs.isEmpty() && seconds.isEmpty()) {
          throw invalid(path, "holds no journal (*.jsonl, journal/*.jsonl) and no results.json");
        }
        runs.forEach(r -> add(seconds, r.run()));
      } else if (Files.isRegularFile(path)) {
        add(seconds, path.getFileName().toString().endsWith(".jsonl") ? Journals.read(path).run()
            : ResultsFile.read(path));
      } else {
        throw invalid(path, "does not exist (every shard must be able to read it: put it on the shared file system "
            + "or in the repository)");
      }
    } catch (ResultsFile.InvalidResultsException | java.io.UncheckedIOException e) {
      throw invalid(path, "cannot be read: " + e.getMessage());
    }
    return new RecordedTimes(seconds, path);
  }

  private static void add(Map<String, Double> seconds, RunResult run) {
    for (CaseResult c : run.cases()) {
      if (c.timing() == null) {
        continue;
      }
      double s = c.timing().spent() != null ? c.timing().spent().totalSeconds() : c.timing().timedSeconds();
      if (s > 0 && Double.isFinite(s)) {
        seconds.put(c.id(), s);
      }
    }
  }

  private static InvalidDeclarationException invalid(Path path, String why) {
    return new InvalidDeclarationException("configuration " + Constants.SHARD_TIMES, "configuration "
        + Constants.SHARD_TIMES + " = \"" + path + "\" " + why + "; it takes a results file, a journal or a folder"
        + " of journals of an earlier run", null);
  }

  /**
   * The seconds a case took.
   *
   * @param caseId the case's id
   * @return the seconds, when recorded
   */
  public Optional<Double> of(String caseId) {
    return Optional.ofNullable(seconds.get(caseId));
  }

  /**
   * Where the times were read from.
   *
   * @return the path, or null for none
   */
  public Path from() {
    return from;
  }
}
