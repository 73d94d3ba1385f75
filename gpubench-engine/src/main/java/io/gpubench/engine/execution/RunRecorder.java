package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.environment.EnvironmentProbe;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.console.ConsoleSummary;
import io.gpubench.results.csv.CsvExport;
import io.gpubench.results.html.HtmlReport;
import io.gpubench.results.journal.BuildIdentity;
import io.gpubench.results.journal.Journal;
import io.gpubench.results.journal.JournalHeader;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import io.gpubench.results.journal.ShardMark;
import io.gpubench.engine.plan.ShardShare;
import io.gpubench.results.markdown.MarkdownSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Records the results of a run's cases (from several threads when tests run in parallel): each is appended to the
 * run's journal the moment it is decided, so that a run killed midway keeps every finished case; at the end the
 * results file and the reports are written from them and the summary printed. Cases that failed or were skipped
 * are recorded like the others.
 *
 * <p>At the start the previous run's results file and reports are removed from the output folder: after a crash
 * or a kill, a results file that stayed would describe another run as if it were this one.
 */
public final class RunRecorder {
  /** The files a run writes at its end, removed at the start of the next. */
  static final List<String> REPORTS = List.of("report.html", "summary.md", "results.csv");

  private final EngineConfig config;
  private final Environment environment;
  private final String runId;
  private final Instant started = Instant.now();
  private final List<CaseResult> cases = new ArrayList<>();
  private final Progress progress;
  private final Journal journal;
  private final String build;

  /**
   * Starts recording a run: removes the previous run's results, creates the journal.
   *
   * @param config the run's configuration
   * @param devices every backend found
   * @param libraries versions of the frameworks' libraries
   * @param planned the ids of the cases the run will report, in order
   * @param out where progress and the summary go
   */
  public RunRecorder(EngineConfig config, List<DeviceInfo> devices, Map<String, String> libraries,
      List<String> planned, PrintStream out) {
    this(config, devices, libraries, planned, Map.of(), out);
  }

  /**
   * Starts recording a planned run: removes the previous run's results, creates the journal.
   *
   * @param config the run's configuration
   * @param devices every backend found
   * @param libraries versions of the frameworks' libraries
   * @param planned the ids of the cases the run will report, in order
   * @param budgets each case's planned seconds by id (its declared trial budget; 0 for a case the plan skips), for
   *     the progress lines' estimate
   * @param out where progress and the summary go
   */
  public RunRecorder(EngineConfig config, List<DeviceInfo> devices, Map<String, String> libraries,
      List<String> planned, Map<String, Double> budgets, PrintStream out) {
    this(config, devices, libraries, planned, budgets, null, out);
  }

  /**
   * Starts recording a planned run, one shard of a suite or the whole: removes the previous run's results, creates
   * the journal (a shard's in the shards' folder, {@code gpubench.shard.dir}, marked with its shard and plan).
   *
   * @param config the run's configuration
   * @param devices every backend found
   * @param libraries versions of the frameworks' libraries
   * @param planned the ids of the cases the run will report, in order
   * @param budgets each case's planned seconds by id, for the progress lines' estimate
   * @param shard what this shard runs of the suite, or null for the whole suite
   * @param out where progress and the summary go
   */
  public RunRecorder(EngineConfig config, List<DeviceInfo> devices, Map<String, String> libraries,
      List<String> planned, Map<String, Double> budgets, ShardShare shard, PrintStream out) {
    this.config = config;
    this.runId = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(ZoneOffset.UTC).format(started) + "-"
        + UUID.randomUUID().toString().substring(0, 8);
    this.environment = EnvironmentProbe.probe(devices, config.raw(), libraries);
    this.progress = new Progress(planned.size(), config.progress() ? out : null, config.progressIntervalSeconds(),
        budgets, System::nanoTime);
    this.build = BuildIdentity.ofThisProcess().orElse(null);
    Path dir = config.resultsPath().toAbsolutePath().getParent();
    removePrevious(dir);
    ShardMark mark = shard == null ? null : new ShardMark(shard.shard().index(), shard.shard().count(), shard.plan(),
        shard.cases(), shard.totalCases(), shard.seconds(), shard.totalSeconds(), shard.run());
    JournalHeader header = new JournalHeader(runId, started.toString(), ProcessHandle.current().pid(),
        planned.size(), environment, planned, build, mark);
    this.journal = mark == null ? Journal.create(dir, header)
        : Journal.createShard(config.sharding().dir().toAbsolutePath(), header);
  }

  private void removePrevious(Path dir) {
    try {
      Files.deleteIfExists(config.resultsPath().toAbsolutePath());
      for (String f : REPORTS) {
        Files.deleteIfExists(dir.resolve(f));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot remove the previous run's results from " + dir + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * The journal's file.
   *
   * @return the path
   */
  public Path journalFile() {
    return journal.file();
  }

  /**
   * Records a case's result: journal first, then progress.
   *
   * @param result the result
   */
  public void record(CaseResult result) {
    synchronized (cases) {
      cases.add(result);
      journal.append(result);
    }
    progress.finished(result);
  }

  /**
   * Reports that a case starts.
   *
   * @param caseId the case's id
   */
  public void starting(String caseId) {
    journal.started(caseId);
    progress.starting(caseId);
  }

  /**
   * The results so far, as the results file holds them.
   *
   * @return the run
   */
  public RunResult snapshot() {
    List<CaseResult> copy;
    synchronized (cases) {
      copy = List.copyOf(cases);
    }
    return new RunResult(RunResult.SCHEMA, runId, started.toString(), Instant.now().toString(), environment, copy);
  }

  /**
   * Ends the journal, writes the results file and the reports beside it (each atomically) and prints the summary.
   * The HTML report renders on a thread of its own while the results file and the other reports are written: a report
   * that fails to render costs neither the figures nor the other reports. Where this run is
   * one Surefire fork of a build ({@link BuildIdentity}), the files hold the cases of every fork of the build whose
   * journal is in the folder: each fork rewrites them as it ends, so the last one to end leaves them whole. The
   * summary printed is this run's.
   *
   * @param out where the summary goes
   * @return the run written: this run's cases, with the other forks' where there are some
   */
  public RunResult finish(PrintStream out) {
    RunResult own = snapshot();
    synchronized (cases) {
      journal.end(Instant.parse(own.finishedAt()));
      journal.close();
    }
    Path dir = config.resultsPath().toAbsolutePath().getParent();
    List<JournalRun> forks = siblings(dir);
    RunResult run = forks.size() <= 1 ? own : Journals.merge(forks);
    // The HTML report on a thread of its own, beside the results file and the other reports: for 1,000 cases each
    // takes a few tenths of a second, and the run's answer waits for them. The results file does not depend on it.
    RuntimeException[] htmlFailure = new RuntimeException[1];
    Thread html = new Thread(() -> {
      try {
        HtmlReport.write(List.of(run), dir.resolve("report.html"));
      } catch (RuntimeException e) {
        htmlFailure[0] = e;
      }
    }, "gpubench-report");
    html.start();
    try {
      ResultsFile.write(run, config.resultsPath());
    } catch (RuntimeException e) {
      join(html);
      throw e;
    }
    String reports;
    try {
      ResultsFile.writeAtomically(dir.resolve("summary.md"), MarkdownSummary.render(run));
      CsvExport.write(run, dir.resolve("results.csv"));
      reports = null;
    } catch (RuntimeException e) {
      reports = "  reports could not be written: " + e + "\n";
    }
    join(html);
    if (reports == null) {
      reports = htmlFailure[0] != null ? "  reports could not be written: " + htmlFailure[0] + "\n"
          : "  report:  " + dir.resolve("report.html") + " (also summary.md, results.csv)\n";
    }
    if (forks.size() > 1) {
      reports += "  the results file and reports hold the " + run.cases().size() + " cases of the " + forks.size()
          + " Surefire forks of this build that have ended or are running\n";
    }
    if (config.sharding().shard() != null) {
      reports += "  shard journal: " + journal.file() + " (merge the shards with gpubench:report, check or publish"
          + " -Dgpubench.results=" + journal.file().getParent() + ")\n";
    }
    if (config.summary()) {
      out.print(ConsoleSummary.render(own, config.resultsPath().toAbsolutePath().toString()) + reports);
      out.flush();
    }
    return run;
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // This run and the other runs of its build whose journals are in the folder (ended or running); this run alone
  // where it is its own build, or where another journal cannot be read (its own reader will name it).
  private List<JournalRun> siblings(Path dir) {
    if (build == null) {
      return List.of();
    }
    try {
      // Headers first: a run that is its build's only fork (the usual case) need not read its own journal back.
      Path journals = dir.resolve(Journal.FOLDER);
      long sameBuild;
      try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(journals)) {
        sameBuild = files.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
            .filter(p -> build.equals(Journals.buildOf(p))).count();
      }
      if (sameBuild <= 1) {
        return List.of();
      }
      return Journals.in(dir, null).stream().filter(j -> build.equals(j.build())).toList();
    } catch (java.io.IOException | RuntimeException e) {
      return List.of();
    }
  }
}
