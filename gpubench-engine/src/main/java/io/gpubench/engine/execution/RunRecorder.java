package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.environment.EnvironmentProbe;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.console.ConsoleSummary;
import io.gpubench.results.csv.CsvExport;
import io.gpubench.results.html.HtmlReport;
import io.gpubench.results.markdown.MarkdownSummary;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Collects the results of a run's cases (from several threads when tests run in parallel) and, at the end,
 * writes the results file and prints the summary. Cases that failed or were skipped are recorded like the others.
 */
public final class RunRecorder {
  private final EngineConfig config;
  private final List<DeviceInfo> devices;
  private final String runId = UUID.randomUUID().toString();
  private final Instant started = Instant.now();
  private final List<CaseResult> cases = new ArrayList<>();
  private final Progress progress;

  /**
   * Makes a recorder.
   *
   * @param config the run's configuration
   * @param devices every backend found
   * @param totalCases the number of cases the run will report, for progress
   * @param out where progress and the summary go
   */
  public RunRecorder(EngineConfig config, List<DeviceInfo> devices, int totalCases, PrintStream out) {
    this.config = config;
    this.devices = List.copyOf(devices);
    this.progress = new Progress(totalCases, config.progress() ? out : null);
  }

  /**
   * Records a case's result and reports progress.
   *
   * @param result the result
   */
  public void record(CaseResult result) {
    synchronized (cases) {
      cases.add(result);
    }
    progress.finished(result);
  }

  /**
   * Reports that a case starts.
   *
   * @param caseId the case's id
   */
  public void starting(String caseId) {
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
    return new RunResult(RunResult.SCHEMA, runId, started.toString(), Instant.now().toString(),
        EnvironmentProbe.probe(devices, config.raw(), Map.of()), copy);
  }

  /**
   * Writes the results file and the reports beside it (each atomically) and prints the summary. The results file
   * is written first: a report that fails to render must not cost the figures.
   *
   * @param out where the summary goes
   * @return the run written
   */
  public RunResult finish(PrintStream out) {
    RunResult run = snapshot();
    ResultsFile.write(run, config.resultsPath());
    Path dir = config.resultsPath().toAbsolutePath().getParent();
    String reports;
    try {
      HtmlReport.write(List.of(run), dir.resolve("report.html"));
      ResultsFile.writeAtomically(dir.resolve("summary.md"), MarkdownSummary.render(run));
      CsvExport.write(run, dir.resolve("results.csv"));
      reports = "  report:  " + dir.resolve("report.html") + " (also summary.md, results.csv)\n";
    } catch (RuntimeException e) {
      reports = "  reports could not be written: " + e + "\n";
    }
    if (config.summary()) {
      out.print(ConsoleSummary.render(run, config.resultsPath().toAbsolutePath().toString()) + reports);
      out.flush();
    }
    return run;
  }
}
