package io.gpubench.maven;

import io.gpubench.api.result.RunResult;
import io.gpubench.engine.report.ResultsFile;
import io.gpubench.maven.baseline.BaselineFile;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.InvalidBaselineException;
import java.io.File;
import java.io.UncheckedIOException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records the current results as the baseline of this environment, in the baseline file the user commits. The
 * file keeps one entry per hardware key, so runners with different GPUs share it; within this environment's entry
 * the recorded cases replace their old selves and the others stay, unless {@code replace} is set. Bound to no
 * phase: run it on purpose, after the benchmarks ({@code mvn verify gpubench:baseline}).
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

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("gpubench baseline skipped (gpubench.skip)");
      return;
    }
    try {
      RunResult run = ResultsFile.read(results.toPath());
      BaselineRecorder.Recording rec = BaselineRecorder.record(run);
      BaselineSet before = BaselineFile.exists(baseline.toPath())
          ? BaselineFile.read(baseline.toPath()) : BaselineSet.empty();
      BaselineSet after = before.with(rec.baseline(), replace);
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
}
