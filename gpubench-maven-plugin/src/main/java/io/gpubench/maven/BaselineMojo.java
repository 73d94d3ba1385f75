package io.gpubench.maven;

import io.gpubench.maven.baseline.BaselineFile;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.InvalidBaselineException;
import io.gpubench.maven.baseline.RefusedDevices;
import io.gpubench.maven.gate.BuildResults;
import io.gpubench.maven.gate.BuildRuns;
import io.gpubench.results.ResultsFile;
import java.io.File;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records this build's runs as baseline runs of this environment, in the baseline file the user commits. Each engine
 * run of the build (each journal) becomes one baseline run of every case it passed; a case keeps its newest
 * {@code maxRuns} runs, so recording several builds ({@code mvn verify gpubench:baseline}, a few times) gives the
 * comparison the spread between runs it needs (one run gives provisional verdicts). The file keeps one entry per
 * hardware key, so runners with different GPUs share it; within this environment's entry, cases this build did not
 * run stay, unless {@code replace} is set or the software (driver, library versions) changed since the last
 * recording: then the entry is replaced whole, so that its details describe every run in it.
 *
 * <p>A case telemetry flagged throttled or shared is no reference: the goal refuses to record anything while such
 * cases are among the runs, naming them, unless {@code acceptFlagged} is set (then they are recorded with their
 * flags, and comparisons against them are AMBIGUOUS). Bound to no phase: run it on purpose, after the benchmarks.
 */
@Mojo(name = "baseline", threadSafe = true)
public final class BaselineMojo extends GoalSupport {

  /**
   * A results file or journal to judge instead of this build's runs, whatever its age (the age is stated). Unset,
   * the goal reads only what this build's test phase wrote.
   */
  @Parameter(property = "gpubench.results")
  File results;

  /** The baseline file to create or update. */
  @Parameter(property = "gpubench.baseline", defaultValue = "${project.basedir}/gpubench-baseline.json")
  File baseline;

  /** Whether this environment's entry is replaced whole, dropping its old runs and the cases this build lacks. */
  @Parameter(property = "gpubench.replaceBaseline", defaultValue = "false")
  boolean replace;

  /** The most runs kept per case: the oldest go first. */
  @Parameter(property = "gpubench.baseline.maxRuns", defaultValue = "10")
  int maxRuns;

  /** Whether cases flagged throttled or shared by telemetry are recorded (with their flags) instead of refused. */
  @Parameter(property = "gpubench.acceptFlagged", defaultValue = "false")
  boolean acceptFlagged;

  /** Environment details whose change still lets a new recording merge with the old one; as for {@code check}. */
  @Parameter(property = "gpubench.ignoredDetails", defaultValue = "library junit-platform,library jackson-databind")
  String ignoredDetails;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("gpubench baseline skipped (gpubench.skip)");
      return;
    }
    if (maxRuns < 1) {
      throw new MojoExecutionException("gpubench baseline: maxRuns " + maxRuns + " must be at least 1");
    }
    Optional<String> skipped = testsSkipped();
    if (skipped.isPresent() && results == null) {
      throw new MojoExecutionException("gpubench baseline: nothing to record: the tests were skipped ("
          + skipped.get() + "); run the benchmarks in this build, or record a file with -Dgpubench.results=FILE");
    }
    try {
      BuildRuns build = buildRuns(results);
      build.notes().forEach(getLog()::warn);
      for (BuildRuns.Judged j : build.incomplete()) {
        getLog().warn("gpubench baseline: run " + j.run().runId() + " (" + j.file() + ") is incomplete: "
            + j.incomplete() + "; its " + j.run().cases().size() + " finished cases are recorded");
      }
      BaselineRecorder.Recording rec = BaselineRecorder.record(build.results(), acceptFlagged);
      if (!rec.flagged().isEmpty() && !acceptFlagged) {
        throw new MojoFailureException("gpubench baseline: refusing to record " + baseline + ": "
            + rec.flagged().size() + (rec.flagged().size() == 1 ? " case ran" : " cases ran") + " on "
            + RefusedDevices.describe(rec.refusedFlags()) + ", and its telemetry measured no slowdown to bound later "
            + "comparisons by, so such a run could explain any change: " + String.join("; ", rec.flagged())
            + ". Rerun where " + RefusedDevices.remedy(rec.refusedFlags()) + ", or record them anyway (flagged; a "
            + "comparison against them is AMBIGUOUS where this build has no clean run) with "
            + "-Dgpubench.acceptFlagged=true. Nothing was written.");
      }
      if (rec.baseline().cases().isEmpty()) {
        throw new MojoExecutionException("gpubench baseline: nothing to record in " + build.describe()
            + ": no case passed and was timed (" + String.join(", ", rec.leftOut()) + "); " + baseline
            + " is left as it was");
      }
      BaselineSet before = BaselineFile.exists(baseline.toPath())
          ? BaselineFile.read(baseline.toPath()) : BaselineSet.empty();
      List<String> changes = before.softwareChanges(rec.baseline(), ignored());
      if (!changes.isEmpty() && !replace) {
        getLog().warn("gpubench baseline: the software changed since '" + rec.baseline().key()
            + "' was last recorded (" + String.join("; ", changes) + "); its old runs are dropped, not merged");
      }
      BaselineSet after = before.with(rec.baseline(), replace || !changes.isEmpty(), maxRuns);
      BaselineFile.write(after, baseline.toPath());
      int fewest = after.find(rec.baseline().key()).orElseThrow().cases().stream()
          .filter(c -> rec.baseline().cases().stream().anyMatch(r -> r.id().equals(c.id())))
          .mapToInt(c -> c.runs().size()).min().orElse(0);
      getLog().info("gpubench baseline: recorded " + rec.baseline().cases().size() + " cases of '"
          + rec.baseline().key() + "' from " + build.runs().size() + (build.runs().size() == 1 ? " run" : " runs")
          + " in " + baseline + " (" + after.environments().size() + " environments; each case now has "
          + (fewest >= 2 ? "at least " + fewest + " runs" : "1 run: its verdicts are provisional until it has more")
          + ")");
      if (!rec.flagged().isEmpty()) {
        getLog().warn("gpubench baseline: recorded with their telemetry flags (acceptFlagged): "
            + String.join("; ", rec.flagged()));
      }
      if (!rec.bounded().isEmpty()) {
        getLog().warn("gpubench baseline: recorded with the slowdown their telemetry measured (a comparison takes "
            + "the clean runs of a case first, and bounds a flagged one by its slowdown): "
            + String.join("; ", rec.bounded()));
      }
      if (!rec.leftOut().isEmpty()) {
        getLog().warn("gpubench baseline: not recorded, not passed or not timed: " + String.join(", ", rec.leftOut()));
      }
    } catch (BuildResults.NothingToJudgeException e) {
      throw new MojoExecutionException("gpubench baseline: " + e.getMessage().replace("to judge", "to record"));
    } catch (ResultsFile.InvalidResultsException | InvalidBaselineException | UncheckedIOException e) {
      throw new MojoExecutionException("gpubench baseline: " + e.getMessage());
    }
  }

  private List<String> ignored() {
    return ignoredDetails == null ? List.of() : List.of(ignoredDetails.split(","));
  }
}
