package io.gpubench.maven;

import io.gpubench.maven.ab.AbRunner;
import io.gpubench.maven.ab.BaselineBuild;
import io.gpubench.maven.ab.ForkMain;
import io.gpubench.maven.ab.Side;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.summary.MarkdownSummary;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.ResultsFile;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * A/B mode: runs the baseline build's benchmarks (A) and this build's (B) in turns on this machine, rounds of
 * A B B A, each run a JVM of its own, and judges B against A with the gate's comparison, each run one sample of the
 * spread between runs. Both builds meet the same machine, the same background load and the same drift, so a shared
 * runner whose runs scatter by 20% between jobs can still show a 10% change; a stored baseline cannot.
 *
 * <p>The baseline build is a git revision ({@code -Dgpubench.ab.baseline=origin/main}: checked out and built beside
 * this one, see {@link BaselineBuild}) or the {@code target} folder of a build of it. Run after the test classes are
 * compiled: {@code mvn test-compile gpubench:ab -Dgpubench.ab.baseline=origin/main}. A SLOWER case fails the build
 * as in {@code check}; the summary goes to the log and the CI job summary.
 */
@Mojo(name = "ab", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public final class AbMojo extends VerdictGoal {

  /** The baseline build: a git revision, or the target folder of a build of the baseline. */
  @Parameter(property = "gpubench.ab.baseline")
  String baselineBuild;

  /** Rounds of A B B A: 2 gives four runs of each build. */
  @Parameter(property = "gpubench.ab.rounds", defaultValue = "2")
  int rounds;

  /** Class names (regular expressions, as Surefire's JUnit Platform filter takes them) of the benchmarks to run. */
  @Parameter(property = "gpubench.ab.includes", defaultValue = ".*Benchmark")
  List<String> includes;

  /** The JUnit Platform engines to run: the gpubench engine. */
  @Parameter(property = "gpubench.ab.engines", defaultValue = "gpubench")
  List<String> engines;

  /** JVM arguments of every run, such as {@code -Xmx4g}. */
  @Parameter(property = "gpubench.ab.jvmArgs")
  List<String> jvmArgs;

  /** Engine configuration of every run ({@code gpubench.backends}, {@code gpubench.profile}, ...). */
  @Parameter
  Map<String, String> configuration;

  /** The longest one run may take, in seconds. */
  @Parameter(property = "gpubench.ab.timeoutSeconds", defaultValue = "3600")
  long timeoutSeconds;

  /** This build's test class path. */
  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true)
  List<String> testClasspath;

  /** This module's main classes. */
  @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
  File classesDirectory;

  /** This module's test classes: where the benchmarks are. */
  @Parameter(defaultValue = "${project.build.testOutputDirectory}", readonly = true)
  File testClassesDirectory;

  /** This module's folder. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  /** The runs' output and the baseline's checkouts. */
  @Parameter(property = "gpubench.ab.work", defaultValue = "${project.build.directory}/gpubench-ab")
  File work;

  /** Maven's home, for building a baseline revision. */
  @Parameter(defaultValue = "${maven.home}", readonly = true)
  String mavenHome;

  /** Whether this build is offline: so is the baseline's. */
  @Parameter(defaultValue = "${settings.offline}", readonly = true)
  boolean offline;

  /** The local repository, shared with the baseline's build. */
  @Parameter(defaultValue = "${settings.localRepository}", readonly = true)
  String localRepository;

  /** The user settings file, passed on to the baseline's build. */
  @Parameter(defaultValue = "${session.request.userSettingsFile}", readonly = true)
  File userSettings;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("gpubench ab skipped (gpubench.skip)");
      return;
    }
    if (!testClassesDirectory.isDirectory()) {
      getLog().info("gpubench ab: no test classes in " + testClassesDirectory + "; nothing to compare here");
      return;
    }
    RegressionCheck regression = new RegressionCheck(comparator(), ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), failOnRegression, failOnAmbiguous, null);
    Path workDir = work.toPath().toAbsolutePath();
    BaselineBuild baseline;
    Side a;
    Side b;
    try {
      String mvn = Path.of(mavenHome, "bin", File.separatorChar == '\\' ? "mvn.cmd" : "mvn").toString();
      baseline = BaselineBuild.resolve(baselineBuild, basedir.toPath(), classesDirectory.toPath(),
          testClassesDirectory.toPath(), workDir,
          new BaselineBuild.MavenCommand(mvn, userSettings, localRepository, offline), getLog()::info);
      List<String> cp = forkClasspath();
      List<String> args = jvmArgs == null ? List.of() : jvmArgs;
      b = new Side("B", cp, List.of(testClassesDirectory.getAbsolutePath()), args);
      a = new Side("A", cp.stream().map(baseline::map).toList(), List.of(baseline.map(
          testClassesDirectory.getAbsolutePath())), args);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new MojoExecutionException("gpubench ab: " + e.getMessage());
    }
    getLog().info("gpubench A/B: A is " + baseline.description() + "; B is this build; " + rounds
        + " rounds of A B B A in " + workDir);
    Map<String, String> config = new LinkedHashMap<>(Map.of("gpubench.summary", "false", "gpubench.progress",
        "false"));
    if (configuration != null) {
      config.putAll(configuration);
    }
    AbRunner.Runs runs;
    try {
      runs = new AbRunner(javaExecutable(), includes, engines, config, workDir.resolve("runs"), timeoutSeconds,
          getLog()::info).run(a, b, rounds);
    } catch (AbRunner.AbException | IllegalArgumentException e) {
      throw new MojoExecutionException("gpubench ab: " + e.getMessage());
    } catch (ResultsFile.InvalidResultsException e) {
      throw new MojoExecutionException("gpubench ab: a run's results cannot be read: " + e.getMessage());
    }
    // A's runs are the baseline, flags kept (a flagged run makes its case AMBIGUOUS rather than vanish).
    BaselineSet set = BaselineSet.empty().with(BaselineRecorder.record(runs.a(), true).baseline(), false,
        Integer.MAX_VALUE);
    RegressionCheck.Outcome outcome = regression.checkInTurns(runs.b(), set, "the A runs");
    summarise(MarkdownSummary.renderAb(baseline.description(), rounds, outcome));
    outcome.warnings().forEach(getLog()::warn);
    judge(outcome.violations(), "against " + baseline.description());
  }

  @Override
  String goal() {
    return "gpubench ab";
  }

  // The project's test class path, plus this plugin's jar for ForkMain, plus the JUnit Platform launcher when the
  // project does not bring its own (gpubench-engine needs the same JUnit Platform line as this plugin's launcher).
  private List<String> forkClasspath() {
    List<String> cp = new ArrayList<>(testClasspath);
    cp.add(location(ForkMain.class));
    boolean hasLauncher = cp.stream().anyMatch(e -> Path.of(e).getFileName().toString()
        .startsWith("junit-platform-launcher"));
    if (!hasLauncher) {
      cp.add(location(LauncherFactory.class));
    }
    return cp;
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot locate the jar of " + type.getName() + ": " + e.getMessage(), e);
    }
  }

  private static String javaExecutable() {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return Files.isExecutable(java) ? java.toString() : "java";
  }
}
