package io.gpubench.maven;

import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.summary.StepSummary;
import java.io.File;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The goals that pass or fail the build on a comparison ({@code check}, {@code ab}): what fails it, where the summary
 * goes, and how the violations are told.
 */
abstract class VerdictGoal extends ComparingGoal {

  /** Whether a case SLOWER than its baseline fails the build (a provisional SLOWER too). */
  @Parameter(property = "gpubench.failOnRegression", defaultValue = "true")
  boolean failOnRegression;

  /** Whether a case whose comparison is AMBIGUOUS (within the noise, flagged by telemetry, ...) fails the build. */
  @Parameter(property = "gpubench.failOnAmbiguous", defaultValue = "false")
  boolean failOnAmbiguous;

  /** Whether violations fail the build; when false they are logged as warnings only. */
  @Parameter(property = "gpubench.haltOnFailure", defaultValue = "true")
  boolean haltOnFailure;

  /** A file the Markdown summary is appended to; defaults to {@code $GITHUB_STEP_SUMMARY} where that is set. */
  @Parameter(property = "gpubench.summaryFile")
  File summaryFile;

  /**
   * Logs the summary and appends it to the step summary file.
   *
   * @param markdown the summary
   */
  void summarise(String markdown) {
    markdown.lines().forEach(getLog()::info);
    StepSummary.append(summaryFile, markdown).ifPresent(getLog()::warn);
  }

  /**
   * Fails the build once, naming every violation, or only warns where {@code haltOnFailure} is off.
   *
   * @param violations the violations; none passes
   * @param judged what was judged, for the first line: {@code in this build's 2 runs}
   * @throws MojoFailureException naming them all
   */
  void judge(List<Violation> violations, String judged) throws MojoFailureException {
    if (violations.isEmpty()) {
      return;
    }
    StringBuilder msg = new StringBuilder(goal()).append(": ").append(violations.size())
        .append(violations.size() == 1 ? " violation" : " violations").append(' ').append(judged).append(':');
    violations.forEach(v -> msg.append(System.lineSeparator()).append("  - ").append(v.message()));
    if (haltOnFailure) {
      throw new MojoFailureException(msg.toString());
    }
    getLog().warn(msg + System.lineSeparator() + "  (not failing: gpubench.haltOnFailure=false)");
  }
}
