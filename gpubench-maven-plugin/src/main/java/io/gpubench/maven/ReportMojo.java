package io.gpubench.maven;

import io.gpubench.api.result.RunResult;
import io.gpubench.maven.gate.BuildResults;
import io.gpubench.maven.gate.BuildRuns;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.html.HtmlReport;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import io.gpubench.results.journal.ShardedRun;
import io.gpubench.results.markdown.MarkdownSummary;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes one self-contained HTML report of runs: one run gives the single-run report, several give a comparison with
 * the first as the baseline side (two GPUs, or last week against today), judged by the gate's own comparison with
 * the same {@code minEffect} and {@code significance}, so the report and {@code check} agree. Each input is a results
 * file, a journal ({@code .jsonl}), or an output folder (its journals merged: the Surefire forks of one build). With
 * no input, this build's runs, merged; when this build ran none (the goal run on its own after {@code mvn verify}),
 * the runs in the output folder, with their age stated. A run that did not end normally is reported as such.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class ReportMojo extends ComparingGoal {

  /**
   * The runs, in report order (comma-separated on the command line); the first is the baseline side. Unset: this
   * build's runs.
   */
  @Parameter(property = "gpubench.report.results")
  List<File> results;

  /** The HTML file to write. */
  @Parameter(property = "gpubench.report.output", defaultValue = "${project.build.directory}/gpubench/report.html")
  File output;

  /** What the report must say above its figures: shards missing, runs that did not end. */
  private final List<String> notices = new ArrayList<>();

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("gpubench report skipped (gpubench.skip)");
      return;
    }
    CaseComparator comparator = comparator();
    List<RunResult> runs = new ArrayList<>();
    try {
      if (results == null || results.isEmpty()) {
        runs.add(thisBuild());
      } else {
        for (File f : results) {
          runs.add(read(f.toPath()));
        }
      }
      HtmlReport.write(runs, output.toPath(), comparator, notices);
    } catch (BuildResults.NothingToJudgeException e) {
      throw new MojoExecutionException("gpubench report: " + e.getMessage().replace("to judge", "to report"));
    } catch (ResultsFile.InvalidResultsException | UncheckedIOException e) {
      throw new MojoExecutionException("gpubench report: " + e.getMessage());
    }
    getLog().info("gpubench report: " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " in " + output);
    if (runs.size() == 2) {
      MarkdownSummary.render(runs.get(0), runs.get(1), comparator).lines().forEach(getLog()::info);
    }
  }

  @Override
  String goal() {
    return "gpubench report";
  }

  private RunResult thisBuild() {
    BuildRuns build;
    try {
      build = buildRuns(null);
    } catch (BuildResults.NothingToJudgeException e) {
      // A report is not a gate: the runs left in the output folder are worth showing, said to be from earlier.
      if (!Files.isDirectory(outputDir.toPath())) {
        throw e;
      }
      getLog().warn("gpubench report: this build ran no benchmark; reporting the runs in " + outputDir
          + " from an earlier build");
      return read(outputDir.toPath());
    }
    build.notes().forEach(getLog()::warn);
    build.incomplete().forEach(j -> warnIncomplete(j.file(), j.run(), j.incomplete()));
    if (build.shards() != null) {
      return shards(build.shards());
    }
    if (build.runs().size() > 1) {
      getLog().info("gpubench report: " + build.runs().size() + " runs of this build merged into one");
    }
    return build.merged();
  }

  private RunResult read(Path p) {
    if (Files.isDirectory(p)) {
      List<JournalRun> journals = Journals.inFolder(p);
      var sharded = ShardedRun.of(journals);
      if (sharded.isPresent()) {
        sharded.get().notes().forEach(getLog()::warn);
        sharded.get().journals().stream().filter(j -> !j.complete())
            .forEach(j -> warnIncomplete(j.file(), j.run(), j.incomplete()));
        return shards(sharded.get());
      }
      if (journals.isEmpty()) {
        return ResultsFile.read(p.resolve(BuildResults.RESULTS_FILE));
      }
      journals.stream().filter(j -> !j.complete()).forEach(j -> warnIncomplete(j.file(), j.run(), j.incomplete()));
      if (journals.size() > 1) {
        getLog().info("gpubench report: " + p + ": " + journals.size() + " journals merged into one run");
      }
      return Journals.merge(journals);
    }
    if (p.getFileName().toString().endsWith(".jsonl")) {
      JournalRun j = Journals.read(p);
      if (!j.complete()) {
        warnIncomplete(p, j.run(), j.incomplete());
      }
      return j.run();
    }
    return ResultsFile.read(p);
  }

  /** The shards of a suite as one run; a run with shards missing or unfinished says so, in the log and the page. */
  private RunResult shards(ShardedRun shards) {
    RunResult run = shards.merged();
    getLog().info("gpubench report: " + shards.shards().size() + " of " + shards.count() + " shards (plan "
        + shards.mark().plan() + ") merged into run " + run.runId() + ", " + run.cases().size() + " cases");
    shards.incompleteReason().ifPresent(why -> {
      String text = "Incomplete run " + run.runId() + ": " + why + "; the report shows the " + run.cases().size()
          + " cases recorded.";
      getLog().warn("gpubench report: " + text);
      notices.add(text);
    });
    return run;
  }

  private void warnIncomplete(Path file, RunResult run, String why) {
    getLog().warn("gpubench report: run " + run.runId() + " (" + file + ") is incomplete: " + why
        + "; the report shows the " + run.cases().size() + " cases it recorded");
  }
}
