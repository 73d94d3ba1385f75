package io.gpubench.maven;

import io.gpubench.maven.gate.BuildResults;
import io.gpubench.maven.gate.BuildRuns;
import java.io.File;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What the goals that read results share: where the engine writes, which results belong to this build (see
 * {@link BuildResults}) and whether the test phase was skipped. The comparing goals add the settings of the one
 * comparison ({@link ComparingGoal}), the gating ones what fails the build ({@link VerdictGoal}).
 */
abstract class GoalSupport extends AbstractMojo {

  /** Skips the goal. */
  @Parameter(property = "gpubench.skip", defaultValue = "false")
  boolean skip;

  /** The engine's output folder: its journals ({@code journal/*.jsonl}) and {@code results.json}. */
  @Parameter(property = "gpubench.output-dir", defaultValue = "${project.build.directory}/gpubench")
  File outputDir;

  /**
   * The folder the shards of a sharded run write their journals to ({@code gpubench.shard=I/N}): a build that ran a
   * shard judges the journal it wrote there. The engine's key of the same name.
   */
  @Parameter(property = "gpubench.shard.dir", defaultValue = "${project.build.directory}/gpubench/shards")
  File shardDir;

  /** Surefire's switch: tests compiled, not run. */
  @Parameter(property = "skipTests", defaultValue = "false")
  boolean skipTests;

  /** Maven's switch: tests neither compiled nor run. */
  @Parameter(property = "maven.test.skip", defaultValue = "false")
  boolean mavenTestSkip;

  /** When this build started: results of runs that started earlier are not this build's. */
  @Parameter(defaultValue = "${session.request.startTime}", readonly = true)
  Date sessionStart;

  /**
   * The switch that skipped the test phase, if one did.
   *
   * @return {@code skipTests} or {@code maven.test.skip}; empty when the tests ran
   */
  Optional<String> testsSkipped() {
    if (mavenTestSkip) {
      return Optional.of("maven.test.skip");
    }
    return skipTests ? Optional.of("skipTests") : Optional.empty();
  }

  /**
   * The runs this goal reads: the named file, else this build's journals (or results file).
   *
   * @param named a results file or journal the user named, or null
   * @return the runs
   * @throws BuildResults.NothingToJudgeException when this build left none, saying what to do
   */
  BuildRuns buildRuns(File named) {
    return BuildResults.find(outputDir.toPath(), shardDir == null ? null : shardDir.toPath(),
        named == null ? null : named.toPath(), buildStart(), Instant.now());
  }

  /**
   * When this build started: results of runs that started earlier are not this build's.
   *
   * @return the start
   */
  Instant buildStart() {
    if (sessionStart == null) {
      // Without it no result can be told from a stale one; Maven always sets it, an embedder must too.
      throw new IllegalStateException("the build's start time (${session.request.startTime}) is not set");
    }
    return sessionStart.toInstant();
  }
}
