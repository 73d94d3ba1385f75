package io.gpubench.maven.gate;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.Journal;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import io.gpubench.results.journal.ShardedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Finds the results a goal may judge: only what this build made. A gate that reads whatever results file lies in
 * {@code target/} passes a build that ran nothing ({@code -DskipTests} without {@code clean}) on an old, even a
 * slowed, run; so:
 * <ol>
 *   <li>a file the user names ({@code gpubench.results}, a results file or a journal) is judged, whatever its age,
 *       with its age stated; a folder named so (an output folder, or its journal folder): every journal in it;
 *   <li>else the journals in the output folder whose run started at or after the build's start, merged (several
 *       Surefire forks write several journals);
 *   <li>else a results file in the output folder whose run started at or after the build's start (an engine that
 *       writes no journal);
 *   <li>else there is nothing to judge: {@link NothingToJudgeException}, saying what was found, how old it is, and
 *       what to do.
 * </ol>
 */
public final class BuildResults {

  /** The results file the engine writes in its output folder. */
  public static final String RESULTS_FILE = "results.json";

  private BuildResults() {}

  /**
   * Finds the runs to judge.
   *
   * @param outputDir the engine's output folder ({@code target/gpubench})
   * @param named a results file or journal the user named, or null
   * @param buildStart when this build started
   * @param now the time now, for ages
   * @return the runs
   * @throws NothingToJudgeException when this build left no results, saying what was found and what to do
   * @throws ResultsFile.InvalidResultsException when a file exists but cannot be read, naming it and why
   */
  public static BuildRuns find(Path outputDir, Path named, Instant buildStart, Instant now) {
    return find(outputDir, null, named, buildStart, now);
  }

  /**
   * Finds the runs to judge, a sharded run's journals included: a named folder of shard journals, or the journals
   * this build's shard wrote to the shards' folder, are read as one run of the suite ({@link ShardedRun}).
   *
   * @param outputDir the engine's output folder ({@code target/gpubench})
   * @param shardDir the shards' folder ({@code gpubench.shard.dir}), or null
   * @param named a results file, journal or folder the user named, or null
   * @param buildStart when this build started
   * @param now the time now, for ages
   * @return the runs
   * @throws NothingToJudgeException when this build left no results, saying what was found and what to do
   * @throws ResultsFile.InvalidResultsException when a file cannot be read, or journals of different sharded runs
   *     (plans, commits) lie in one folder, naming the files
   */
  public static BuildRuns find(Path outputDir, Path shardDir, Path named, Instant buildStart, Instant now) {
    if (named != null && Files.isDirectory(named)) {
      return namedFolder(named);
    }
    if (named != null) {
      BuildRuns.Judged run = read(named);
      String started = run.run().startedAt();
      String finished = run.run().finishedAt();
      Instant end = instant(finished != null ? finished : started);
      String age = end == null ? "of unknown age" : "that finished " + ago(Duration.between(end, now));
      String when = end != null && end.isBefore(buildStart) ? ", before this build started" : ", during this build";
      return new BuildRuns(List.of(run), List.of("judging " + named + ", named by gpubench.results: a run " + age
          + (end == null ? "" : when) + " (run " + run.run().runId() + ")"));
    }
    List<JournalRun> journals = Journals.in(outputDir, buildStart);
    if (!journals.isEmpty()) {
      return new BuildRuns(judged(journals), List.of());
    }
    if (shardDir != null && Files.isDirectory(shardDir)) {
      // This build ran a shard: its journal is in the shards' folder. Only this build's shards are judged (journals
      // left there by an earlier build are never taken for this one's); the others are named as missing. The shards
      // of several builds (a CI matrix, an array job) are judged together by naming their folder.
      List<JournalRun> mine = Journals.inFolder(shardDir).stream().filter(j -> !startOf(j).isBefore(buildStart))
          .toList();
      if (!mine.isEmpty()) {
        var shards = sharded(mine, List.of("judging the shards this build ran (" + shardDir + "); to judge every "
            + "shard of the suite as one run, name the folder that holds all their journals: -Dgpubench.results="
            + "FOLDER"));
        if (shards.isPresent()) {
          return shards.get();
        }
      }
    }
    Path results = outputDir.resolve(RESULTS_FILE);
    RunResult old = null;
    if (Files.isRegularFile(results)) {
      RunResult run = ResultsFile.read(results);
      Instant start = instant(run.startedAt());
      if (start != null && !start.isBefore(buildStart)) {
        return new BuildRuns(List.of(new BuildRuns.Judged(run, results, null, -1)), List.of("no journal in "
            + outputDir.resolve("journal") + ": judging " + results + ", written by a run of this build"));
      }
      old = run;
    }
    List<JournalRun> stale = Journals.in(outputDir, null);
    throw new NothingToJudgeException(nothing(outputDir, buildStart, old, results, stale));
  }

  /**
   * Every journal of a folder the user named (the output folder, or its journal folder), whatever their age: after a
   * run was killed, a later build judges or reports what it recorded, under the journals' own names.
   */
  private static BuildRuns namedFolder(Path named) {
    Path outputDir = named.getFileName() != null && named.getFileName().toString().equals(Journal.FOLDER)
        && named.getParent() != null ? named.getParent() : named;
    List<JournalRun> journals = Journals.inFolder(outputDir);
    var shards = sharded(journals, List.of("judging the shards' journals in " + named + ", named by "
        + "gpubench.results, as one run of the suite, whatever their age"));
    if (shards.isPresent()) {
      return shards.get();
    }
    if (journals.isEmpty()) {
      throw new NothingToJudgeException("nothing to judge in " + named + ", named by gpubench.results: it holds no "
          + "journal (" + outputDir.resolve(Journal.FOLDER) + "/*.jsonl); name a results file, a journal, or the "
          + "output folder of a run");
    }
    int n = journals.size();
    return new BuildRuns(judged(journals), List.of("judging the " + n + (n == 1 ? " journal" : " journals") + " in "
        + outputDir.resolve(Journal.FOLDER) + ", named by gpubench.results, whatever their age"));
  }

  /** The journals as the shards of one run, where they are shards' ({@link ShardedRun#of} refuses a mix). */
  private static java.util.Optional<BuildRuns> sharded(List<JournalRun> journals, List<String> notes) {
    return ShardedRun.of(journals).map(s -> {
      List<String> all = new java.util.ArrayList<>(notes);
      all.addAll(s.notes());
      return new BuildRuns(judged(s.journals()), all, s);
    });
  }

  private static Instant startOf(JournalRun j) {
    Instant i = instant(j.run().startedAt());
    return i == null ? Instant.EPOCH : i;
  }

  private static List<BuildRuns.Judged> judged(List<JournalRun> journals) {
    return journals.stream().map(BuildResults::judged).toList();
  }

  private static BuildRuns.Judged judged(JournalRun j) {
    return new BuildRuns.Judged(j.run(), j.file(), j.incomplete(), j.plannedCases(), j.undecided(), j.unfinished());
  }

  private static String nothing(Path dir, Instant buildStart, RunResult oldResults, Path results,
      List<JournalRun> staleJournals) {
    String fixes = "run the benchmarks in this build (mvn verify without -DskipTests), skip the gate with "
        + "-Dgpubench.skip, or judge a file anyway with -Dgpubench.results=FILE";
    Instant newest = null;
    String what = null;
    if (!staleJournals.isEmpty()) {
      JournalRun last = staleJournals.get(staleJournals.size() - 1);
      newest = instant(last.run().startedAt());
      what = staleJournals.size() + (staleJournals.size() == 1 ? " journal" : " journals") + " in "
          + dir.resolve("journal") + ", the newest " + last.file().getFileName() + ",";
    }
    if (oldResults != null) {
      Instant start = instant(oldResults.startedAt());
      if (what == null || (start != null && (newest == null || start.isAfter(newest)))) {
        newest = start;
        what = results.toString();
      }
    }
    if (what != null) {
      return "nothing of this build to judge: " + what + " is from a run that started at "
          + (newest == null ? "an unknown time" : newest + ", " + ago(Duration.between(newest, buildStart))
              .replace(" ago", "") + " before this build started")
          + ", and results of an earlier run are never judged; " + fixes;
    }
    return "nothing to judge: this build wrote no gpubench results to " + dir + " (no journal, no " + RESULTS_FILE
        + "). The test phase runs the benchmarks only with gpubench-engine as a test dependency and Surefire 3.x "
        + "including the benchmark classes (<include>**/*Benchmark.java</include>); " + fixes;
  }

  private static BuildRuns.Judged read(Path file) {
    if (file.getFileName().toString().endsWith(".jsonl")) {
      return judged(Journals.read(file));
    }
    return new BuildRuns.Judged(ResultsFile.read(file), file, null, -1);
  }

  private static Instant instant(String iso) {
    try {
      return iso == null ? null : Instant.parse(iso);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * A duration as people say it: {@code 2 h 5 min ago}, {@code 40 s ago}, {@code 3 days ago}.
   *
   * @param d the duration
   * @return the text
   */
  static String ago(Duration d) {
    long s = Math.max(0, d.getSeconds());
    if (s < 120) {
      return s + " s ago";
    }
    if (s < 3600) {
      return s / 60 + " min ago";
    }
    if (s < 2 * 86400) {
      return s / 3600 + " h " + (s % 3600) / 60 + " min ago";
    }
    return s / 86400 + " days ago";
  }

  /** This build left no results: the message says what was found and what to do. */
  public static final class NothingToJudgeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NothingToJudgeException(String message) {
      super(message);
    }
  }
}
