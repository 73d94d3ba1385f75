package io.gpubench.maven;

import io.gpubench.maven.baseline.InvalidBaselineException;
import io.gpubench.maven.gate.Gate;
import io.gpubench.maven.rules.Bound;
import io.gpubench.maven.rules.Bounds;
import io.gpubench.maven.rules.Rule;
import io.gpubench.maven.rules.Unit;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.summary.StepSummary;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.maven.verdict.SampleComparator;
import io.gpubench.results.ResultsFile;
import java.io.File;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Gates the build on a gpubench results file: every rule's limits, and a noise-aware comparison with the stored
 * baseline of this environment. Every violation is logged, then the build fails once, naming them all. The file is
 * read, never produced: the engine writes it while the tests run.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends AbstractMojo {

  /** Skips the goal. */
  @Parameter(property = "gpubench.skip", defaultValue = "false")
  boolean skip;

  /** The results file the engine wrote. */
  @Parameter(property = "gpubench.results", defaultValue = "${project.build.directory}/gpubench/results.json")
  File results;

  /** Rules: case patterns and limits on their figures. */
  @Parameter
  List<Rule> rules;

  /** The baseline file to compare with (written by the {@code baseline} goal); absent means nothing to compare. */
  @Parameter(property = "gpubench.baseline", defaultValue = "${project.basedir}/gpubench-baseline.json")
  File baseline;

  /** The smallest change of a case's median time that counts as FASTER or SLOWER: {@code 5%} or {@code 0.05}. */
  @Parameter(property = "gpubench.minEffect", defaultValue = "5%")
  String minEffect;

  /**
   * The figure the baseline comparison is made in: {@code time} (per-call time, lower is better), or a rate from
   * the declared cost, {@code itemsPerSecond}, {@code flopsPerSecond} or {@code bytesPerSecond} (higher is better).
   */
  @Parameter(property = "gpubench.compareBy", defaultValue = "time")
  String compareBy;

  /** The level of the rank test and the confidence intervals. */
  @Parameter(property = "gpubench.significance", defaultValue = "0.05")
  double significance;

  /** Whether a case SLOWER than its baseline fails the build. */
  @Parameter(property = "gpubench.failOnRegression", defaultValue = "true")
  boolean failOnRegression;

  /** Whether a case whose comparison is AMBIGUOUS (too few samples, too noisy) fails the build. */
  @Parameter(property = "gpubench.failOnAmbiguous", defaultValue = "false")
  boolean failOnAmbiguous;

  /** Whether a missing baseline file fails the build, rather than being noted. */
  @Parameter(property = "gpubench.failOnMissingBaseline", defaultValue = "false")
  boolean failOnMissingBaseline;

  /** The largest accepted slowdown of the geometric mean of median-time ratios, such as {@code 3%}; none if unset. */
  @Parameter(property = "gpubench.maxGeomeanSlowdown")
  String maxGeomeanSlowdown;

  /** A baseline from other hardware or software: {@code FAIL} refuses to compare, {@code WARN} compares anyway. */
  @Parameter(property = "gpubench.environmentMismatch", defaultValue = "FAIL")
  EnvironmentPolicy environmentMismatch;

  /**
   * Environment details whose difference does not make a baseline foreign, comma-separated names with {@code *}
   * wildcards. By default the engine's own bookkeeping libraries, which do not move a GPU's numbers.
   */
  @Parameter(property = "gpubench.ignoredDetails", defaultValue = "library junit-platform,library jackson-databind")
  String ignoredDetails;

  /** Whether violations fail the build; when false they are logged as warnings only. */
  @Parameter(property = "gpubench.haltOnFailure", defaultValue = "true")
  boolean haltOnFailure;

  /** A file the Markdown summary is appended to; defaults to {@code $GITHUB_STEP_SUMMARY} where that is set. */
  @Parameter(property = "gpubench.summaryFile")
  File summaryFile;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("gpubench check skipped (gpubench.skip)");
      return;
    }
    Gate gate = new Gate(results.toPath(), bounds(), baseline.toPath(), failOnMissingBaseline, regression());
    Gate.Report report;
    try {
      report = gate.run();
    } catch (ResultsFile.InvalidResultsException | InvalidBaselineException e) {
      throw new MojoExecutionException("gpubench check: " + e.getMessage());
    }
    report.markdown().lines().forEach(getLog()::info);
    report.notes().forEach(getLog()::warn);
    StepSummary.append(summaryFile, report.markdown()).ifPresent(getLog()::warn);

    List<Violation> violations = report.violations();
    if (violations.isEmpty()) {
      return;
    }
    StringBuilder msg = new StringBuilder("gpubench check: ").append(violations.size())
        .append(violations.size() == 1 ? " violation" : " violations").append(" in ").append(results).append(':');
    violations.forEach(v -> msg.append(System.lineSeparator()).append("  - ").append(v.message()));
    if (haltOnFailure) {
      throw new MojoFailureException(msg.toString());
    }
    getLog().warn(msg + System.lineSeparator() + "  (not failing: gpubench.haltOnFailure=false)");
  }

  private List<Bound> bounds() throws MojoExecutionException {
    try {
      return Bounds.compile(rules);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("gpubench check: invalid <rules>: " + e.getMessage());
    }
  }

  private RegressionCheck regression() throws MojoExecutionException {
    try {
      double effect = Unit.RATIO.parse(minEffect);
      if (effect >= 1) {
        // "5" meant as 5% would silently make every change SAME.
        throw new IllegalArgumentException("minEffect " + minEffect + " is " + Math.round(effect * 100)
            + "%; write a share such as 5% or 0.05");
      }
      Double geomean = maxGeomeanSlowdown == null || maxGeomeanSlowdown.isBlank() ? null
          : Unit.RATIO.parse(maxGeomeanSlowdown);
      return new RegressionCheck(new SampleComparator(significance, effect), ComparedFigure.parse(compareBy),
          environmentMismatch, ignoredDetails == null ? List.of() : List.of(ignoredDetails.split(",")),
          failOnRegression, failOnAmbiguous, geomean);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("gpubench check: invalid comparison setting: " + e.getMessage());
    }
  }
}
