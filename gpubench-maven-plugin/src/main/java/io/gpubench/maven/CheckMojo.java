package io.gpubench.maven;

import io.gpubench.history.store.HistoryException;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.maven.baseline.InvalidBaselineException;
import io.gpubench.maven.gate.BuildResults;
import io.gpubench.maven.gate.BaselineSource;
import io.gpubench.maven.gate.BuildRuns;
import io.gpubench.maven.gate.Gate;
import io.gpubench.maven.history.HistoryBaselineSource;
import io.gpubench.maven.history.HistoryPublisher;
import io.gpubench.maven.rules.Bound;
import io.gpubench.maven.rules.Bounds;
import io.gpubench.maven.rules.Rule;
import io.gpubench.maven.rules.Unit;
import io.gpubench.maven.surefire.SurefireVersionCheck;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import java.io.File;
import java.util.List;
import java.util.Optional;
import org.apache.maven.model.Plugin;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Gates the build on the benchmarks this build ran: every rule's limits, and the comparison with the stored baseline
 * of this environment. Only this build's results are judged (the journals its test phase wrote, one per engine run,
 * merged; never a results file left by an earlier build); a build whose tests were skipped skips the gate with a
 * note; a build that ran no benchmark fails, saying what to do (and so does one whose Surefire is too old to run
 * JUnit Platform engines, naming the version); a run that did not end normally is a violation.
 * Every violation is logged, then the build fails once, naming them all.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends VerdictGoal {

  /** The baseline file compared with when none is named: beside the POM. */
  static final String DEFAULT_BASELINE = "gpubench-baseline.json";

  /** Rules: case patterns and limits on their figures. */
  @Parameter
  List<Rule> rules;

  /**
   * A results file or journal to judge instead of this build's runs, whatever its age (the age is stated). Unset,
   * the goal reads only what this build's test phase wrote.
   */
  @Parameter(property = "gpubench.results")
  File results;

  /**
   * The baseline file to compare with (written by the {@code baseline} goal), or {@code history}: the last clean
   * runs of the results store ({@code gpubench.history}). Named (here or with {@code -Dgpubench.baseline}), it must
   * be usable: absent, unreadable, of another testbed or sharing no case with this build, it fails the build. Unset,
   * {@code gpubench-baseline.json} beside the POM is compared with where it exists, and its absence is a note (unless
   * {@link #failOnMissingBaseline}).
   */
  @Parameter(property = "gpubench.baseline")
  File baseline;

  /** The project's folder, where the default baseline file lies. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  /** The goals of this Maven run: a build that also records the baseline is making it, not comparing with it. */
  @Parameter(defaultValue = "${session.goals}", readonly = true)
  List<String> sessionGoals;

  /** With {@code gpubench.baseline=history}: how many earlier runs of each case make its baseline. */
  @Parameter(property = "gpubench.history.runs", defaultValue = "10")
  int historyRuns;

  /** With {@code gpubench.baseline=history}: the branch whose runs are the reference. */
  @Parameter(property = "gpubench.history.baselineBranch", defaultValue = "main")
  String historyBaselineBranch;

  /**
   * Whether this build's runs are published into the results store once the verdict is decided, before a failing
   * verdict fails the build: the history then keeps failing builds' runs too.
   */
  @Parameter(property = "gpubench.history.publish", defaultValue = "false")
  boolean historyPublish;

  /** Whether a store that cannot be written fails the build (the verdict is reported either way). */
  @Parameter(property = "gpubench.history.failOnError", defaultValue = "true")
  boolean historyFailOnError;

  /**
   * The figure the baseline comparison is made in: {@code time} (per-call time, lower is better), or a rate from
   * the declared cost, {@code itemsPerSecond}, {@code flopsPerSecond} or {@code bytesPerSecond} (higher is better).
   */
  @Parameter(property = "gpubench.compareBy", defaultValue = "time")
  String compareBy;

  /** Whether a missing default baseline file fails the build, rather than being noted (a named one always does). */
  @Parameter(property = "gpubench.failOnMissingBaseline", defaultValue = "false")
  boolean failOnMissingBaseline;

  /** Whether a run that did not end normally (killed, crashed, timed out) fails the build, rather than being noted. */
  @Parameter(property = "gpubench.failOnIncomplete", defaultValue = "true")
  boolean failOnIncomplete;

  /**
   * Whether a sharded run whose shards are not all there fails the build, rather than being noted: the cases of a
   * missing shard never ran.
   */
  @Parameter(property = "gpubench.failOnMissingShards", defaultValue = "true")
  boolean failOnMissingShards;

  /**
   * Whether a case that failed or could not run in this build (a missed tolerance, an exception, a class whose
   * declaration is invalid) fails the gate, rather than being noted. Surefire fails such a build already, unless
   * told to ignore test failures; the gate then still does not pass beside it.
   */
  @Parameter(property = "gpubench.failOnNotPassed", defaultValue = "true")
  boolean failOnNotPassed;

  /** The largest accepted slowdown of the geometric mean of median ratios, such as {@code 3%}; none if unset. */
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

  /** The build's plugins with their effective versions, to refuse a Surefire that cannot run the benchmarks. */
  @Parameter(defaultValue = "${project.buildPlugins}", readonly = true)
  List<Plugin> buildPlugins;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("gpubench check skipped (gpubench.skip)");
      return;
    }
    Optional<String> skipped = testsSkipped();
    if (skipped.isPresent() && results == null) {
      getLog().warn("gpubench check skipped: the tests were skipped (" + skipped.get() + "), so this build has no "
          + "benchmark results to judge; results left by an earlier build are not judged");
      return;
    }
    if (results == null && buildPlugins != null) {
      Optional<String> surefire = SurefireVersionCheck.problem(buildPlugins);
      if (surefire.isPresent()) {
        throw new MojoFailureException("gpubench check: " + surefire.get());
      }
    }
    List<Bound> bounds = bounds();
    RegressionCheck regression = regression();
    BaselineSource source = baselineSource();
    Gate.Report report;
    BuildRuns build;
    try {
      build = buildRuns(results);
      // A named baseline (a file, or the history) must be used; a build that records it is making it.
      boolean required = (baseline != null || failOnMissingBaseline) && !recordsBaseline(sessionGoals);
      report = new Gate(build, bounds, source, required, failOnIncomplete, failOnNotPassed, regression,
          failOnMissingShards).run();
    } catch (BuildResults.NothingToJudgeException e) {
      throw new MojoFailureException("gpubench check: " + e.getMessage());
    } catch (ResultsFile.InvalidResultsException | InvalidBaselineException e) {
      throw new MojoExecutionException("gpubench check: " + e.getMessage());
    }
    summarise(report.markdown());
    report.notes().forEach(getLog()::warn);
    // Publishing comes after the verdict and never throws past it: a store that fails is one more reason the build
    // fails (or a logged error), told after the verdict, which is never lost with it.
    Optional<String> unpublished = historyPublish ? publish(build) : Optional.empty();
    if (unpublished.isPresent() && (!historyFailOnError || !report.violations().isEmpty())) {
      getLog().error(unpublished.get() + (historyFailOnError ? "" : " (not failing: gpubench.history.failOnError=false)"));
    }
    judge(report.violations(), "in " + build.describe());
    if (unpublished.isPresent() && historyFailOnError) {
      throw new MojoFailureException("gpubench check: the gate passed (no violation in " + build.describe()
          + "), but " + unpublished.get());
    }
  }

  private Optional<String> publish(BuildRuns build) {
    String keep = "; the journals in " + outputDir + " are kept: publish them later with mvn gpubench:publish "
        + "-Dgpubench.results=" + outputDir;
    if (!storeConfigured()) {
      return Optional.of("gpubench.history.publish=true, but no history store is set (gpubench.history)" + keep);
    }
    try {
      HistoryStore store = HistoryStore.open(storeLocation(), credentials(), busyTimeout());
      HistoryPublisher.publish(store, build, provenance(), !failOnMissingShards).forEach(getLog()::info);
      return Optional.empty();
    } catch (HistoryException | MojoExecutionException e) {
      return Optional.of("publishing into the history failed: " + e.getMessage() + keep);
    } catch (RuntimeException e) {
      // Whatever else breaks, the verdict above is reported and stands.
      return Optional.of("publishing into the history failed: " + e + keep);
    }
  }

  private BaselineSource baselineSource() throws MojoExecutionException {
    if (!HistoryBaselineSource.named(baseline)) {
      return BaselineSource.file(baseline != null ? baseline.toPath() : basedir.toPath().resolve(DEFAULT_BASELINE));
    }
    if (historyRuns < 1) {
      throw new MojoExecutionException("gpubench check: gpubench.history.runs " + historyRuns + " must be at least 1");
    }
    if (!storeConfigured()) {
      throw new MojoExecutionException("gpubench check: gpubench.baseline=history, but no history store is set: "
          + "set gpubench.history to the SQLite file or jdbc:postgresql:// URL the runs are published into");
    }
    try {
      return new HistoryBaselineSource(storeLocation(), credentials(), busyTimeout(), historyBaselineBranch,
          historyRuns, ignoredDetails == null ? List.of() : List.of(ignoredDetails.split(",")));
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("gpubench check: " + e.getMessage());
    }
  }

  @Override
  String goal() {
    return "gpubench check";
  }

  /**
   * Whether a Maven run's goals include this plugin's {@code baseline} goal ({@code gpubench:baseline}, or by its
   * full coordinates): the first {@code mvn verify gpubench:baseline} of a named baseline has none to compare with.
   *
   * @param goals the goals, or null
   * @return true when the baseline goal is among them
   */
  static boolean recordsBaseline(List<String> goals) {
    return goals != null && goals.stream().anyMatch(g -> g.equals("gpubench:baseline")
        || g.endsWith(":baseline") && g.contains("gpubench-maven-plugin:"));
  }

  private List<Bound> bounds() throws MojoExecutionException {
    try {
      return Bounds.compile(rules);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("gpubench check: invalid <rules>: " + e.getMessage());
    }
  }

  private RegressionCheck regression() throws MojoExecutionException {
    CaseComparator comparator = comparator();
    try {
      Double geomean = maxGeomeanSlowdown == null || maxGeomeanSlowdown.isBlank() ? null
          : Unit.RATIO.parse(maxGeomeanSlowdown);
      return new RegressionCheck(comparator, ComparedFigure.parse(compareBy),
          environmentMismatch, ignoredDetails == null ? List.of() : List.of(ignoredDetails.split(",")),
          failOnRegression, failOnAmbiguous, geomean);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("gpubench check: invalid comparison setting: " + e.getMessage());
    }
  }
}
