package io.gpubench.maven;

import io.gpubench.api.result.RunResult;
import io.gpubench.maven.baseline.BaselineFile;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.InvalidBaselineException;
import io.gpubench.results.ResultsFile;
import java.io.File;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records the current results as the baseline of this environment, in the baseline file the user commits. The
 * file keeps one entry per hardware key, so runners with different GPUs share it; within this environment's entry
 * the recorded cases replace their old selves and the others stay, unless {@code replace} is set or the software
 * (driver, library versions) changed since the last recording: then the entry is replaced whole, so that its
 * details describe every case in it. Bound to no phase: run it on purpose, after the benchmarks
 * ({@code mvn verify gpubench:baseline}).
 */
@Mojo(name = "baseline", threadSafe = true)
public final class BaselineMojo extends AbstractMojo {

  /** Skips the goal. */
  @Parameter(property = "gpubench.skip", defaultValue = "false")
  boolean skip;

  /** The results file to record. */
  @Parameter(property = "gpubench.results", defaultValue = "${project.build.directory}/gpubench/results.json")
  File results;

  /** The baseline file to create or update. */
  @Parameter(property = "gpubench.baseline", defaultValue = "${project.basedir}/gpubench-baseline.json")
  File baseline;

  /** Whether this environment's entry is replaced whole, dropping cases this run did not have. */
  @Parameter(property = "gpubench.replaceBaseline", defaultValue = "false")
  boolean replace;

  /** Environment details whose change still lets a new recording merge with the old one; as for {@code check}. */
  @Parameter(property = "gpubench.ignoredDetails", defaultValue = "library junit-platform,library jackson-databind")
  String ignoredDetails;

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("gpubench baseline skipped (gpubench.skip)");
      return;
    }
    try {
      RunResult run = ResultsFile.read(results.toPath());
      BaselineRecorder.Recording rec = BaselineRecorder.record(run);
      if (rec.baseline().cases().isEmpty()) {
        throw new MojoExecutionException("gpubench baseline: nothing to record in " + results
            + ": no case passed and was timed (" + String.join(", ", rec.leftOut()) + "); " + baseline
            + " is left as it was");
      }
      BaselineSet before = BaselineFile.exists(baseline.toPath())
          ? BaselineFile.read(baseline.toPath()) : BaselineSet.empty();
      List<String> changes = before.softwareChanges(rec.baseline(), ignored());
      if (!changes.isEmpty() && !replace) {
        getLog().warn("gpubench baseline: the software changed since '" + rec.baseline().key()
            + "' was last recorded (" + String.join("; ", changes) + "); its old cases are dropped, not merged");
      }
      BaselineSet after = before.with(rec.baseline(), replace || !changes.isEmpty());
      BaselineFile.write(after, baseline.toPath());
      getLog().info("gpubench baseline: recorded " + rec.baseline().cases().size() + " cases of '"
          + rec.baseline().key() + "' in " + baseline + " (" + after.environments().size() + " environments)");
      if (!rec.leftOut().isEmpty()) {
        getLog().warn("gpubench baseline: not recorded, not passed or not timed: " + String.join(", ", rec.leftOut()));
      }
    } catch (ResultsFile.InvalidResultsException | InvalidBaselineException | UncheckedIOException e) {
      throw new MojoExecutionException("gpubench baseline: " + e.getMessage());
    }
  }

  private List<String> ignored() {
    return ignoredDetails == null ? List.of() : List.of(ignoredDetails.split(","));
  }
}
