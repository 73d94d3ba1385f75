package io.gpubench.maven;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.html.HtmlReport;
import io.gpubench.results.markdown.MarkdownSummary;
import java.io.File;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Aggregates results files into one self-contained HTML report: one file gives the single-run report, several
 * give a comparison with the first as the baseline side (two GPUs, or last week against today). The engine already
 * writes a report per run; this goal is for putting runs side by side, e.g. results copied from several machines.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class ReportMojo extends AbstractMojo {

  /** Skips the goal. */
  @Parameter(property = "gpubench.skip", defaultValue = "false")
  boolean skip;

  /** The results files, in report order (comma-separated on the command line); the first is the baseline side. */
  @Parameter(property = "gpubench.report.results", defaultValue = "${project.build.directory}/gpubench/results.json")
  List<File> results;

  /** The HTML file to write. */
  @Parameter(property = "gpubench.report.output", defaultValue = "${project.build.directory}/gpubench/report.html")
  File output;

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("gpubench report skipped (gpubench.skip)");
      return;
    }
    if (results == null || results.isEmpty()) {
      throw new MojoExecutionException("gpubench report: no results files given (gpubench.report.results)");
    }
    List<RunResult> runs = new ArrayList<>();
    try {
      for (File f : results) {
        runs.add(ResultsFile.read(f.toPath()));
      }
      HtmlReport.write(runs, output.toPath());
    } catch (ResultsFile.InvalidResultsException | UncheckedIOException e) {
      throw new MojoExecutionException("gpubench report: " + e.getMessage());
    }
    getLog().info("gpubench report: " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " in " + output);
    if (runs.size() == 2) {
      MarkdownSummary.render(runs.get(0), runs.get(1)).lines().forEach(getLog()::info);
    }
  }
}
