package io.gpubench.maven;

import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.page.ChangeSummary;
import io.gpubench.history.page.History;
import io.gpubench.history.page.HistoryPage;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.HistoryException;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.maven.summary.StepSummary;
import io.gpubench.results.ResultsFile;
import java.io.File;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes the history page of the results store ({@code target/gpubench/history.html}: every case's trend, change
 * points, the run behind each point) and its Markdown summary of what changed in the last commits (logged, written
 * beside the page, and appended to {@code $GITHUB_STEP_SUMMARY} where that is set, for a pull request's comment).
 * Bound to no phase: run it on purpose.
 */
@Mojo(name = "history", threadSafe = true)
public final class HistoryMojo extends ComparingGoal {

  /** The page to write. */
  @Parameter(property = "gpubench.history.output", defaultValue = "${project.build.directory}/gpubench/history.html")
  File output;

  /** How many of the newest commits "what changed" looks at. */
  @Parameter(property = "gpubench.history.commits", defaultValue = "10")
  int commits;

  /** A file the Markdown summary is appended to; defaults to {@code $GITHUB_STEP_SUMMARY} where that is set. */
  @Parameter(property = "gpubench.summaryFile")
  File summaryFile;

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("gpubench history skipped (gpubench.skip)");
      return;
    }
    if (!storeConfigured()) {
      throw new MojoExecutionException("gpubench history: no history store: set gpubench.history to the SQLite file "
          + "or jdbc:postgresql:// URL the runs were published into");
    }
    if (commits < 1) {
      throw new MojoExecutionException("gpubench history: gpubench.history.commits " + commits + " must be at least 1");
    }
    StoreLocation at = storeLocation();
    try {
      Optional<HistoryStore> store = HistoryStore.openExisting(at, credentials(), busyTimeout());
      if (store.isEmpty()) {
        throw new MojoExecutionException("gpubench history: history store " + at + " does not exist: publish runs "
            + "into it first (gpubench:publish)");
      }
      History h = History.read(store.get(), new SeriesQuery(Figure.TIME, null, null, true),
          ChangePointDetector.DEFAULT);
      HistoryPage.write(h, commits, comparator(), output.toPath());
      String md = ChangeSummary.render(h, commits);
      File mdFile = new File(output.getParentFile(), output.getName().replaceFirst("\\.html?$", "") + ".md");
      ResultsFile.writeAtomically(mdFile.toPath(), md);
      md.lines().forEach(getLog()::info);
      StepSummary.append(summaryFile, md).ifPresent(getLog()::warn);
      getLog().info("gpubench history: " + h.runs().size() + " runs, " + h.cases().size()
          + (h.cases().size() == 1 ? " case (" : " cases (")
          + h.series().size() + " series: time and memory), " + h.changes().size() + " change points in " + output
          + " (summary " + mdFile + ")");
    } catch (HistoryException | UncheckedIOException e) {
      throw new MojoExecutionException("gpubench history: " + e.getMessage());
    }
  }

  @Override
  String goal() {
    return "gpubench history";
  }
}
