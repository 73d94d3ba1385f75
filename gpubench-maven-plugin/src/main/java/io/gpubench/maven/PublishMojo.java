package io.gpubench.maven;

import io.gpubench.history.store.HistoryException;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.maven.gate.BuildResults;
import io.gpubench.maven.gate.BuildRuns;
import io.gpubench.maven.history.HistoryPublisher;
import io.gpubench.results.ResultsFile;
import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Publishes this build's runs into the results store ({@code gpubench.history}): each journal of the test phase is
 * one run, with its commit, branch, CI build and testbed, complete or not. Publishing is idempotent by run id, so it
 * can be repeated from the journals ({@code -Dgpubench.results=target/gpubench}) after a failure.
 *
 * <p>Bound after {@code check} in {@code verify}, it runs only when the gate passed (Maven stops at the first
 * failing goal). To keep the runs of failing builds too, publish through the gate instead:
 * {@code -Dgpubench.history.publish=true} makes {@code check} publish after deciding its verdict and before failing
 * the build on it. A store that fails fails this goal ({@code failOnError}), naming the store and what to do.
 */
@Mojo(name = "publish", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class PublishMojo extends StoreGoal {

  /**
   * A results file, journal or output folder to publish instead of this build's runs, whatever its age.
   */
  @Parameter(property = "gpubench.results")
  File results;

  /**
   * Whether a sharded run with shards missing is refused, rather than published as an incomplete run: the store
   * keeps one record per run, so shards that end later could not be added to it.
   */
  @Parameter(property = "gpubench.failOnMissingShards", defaultValue = "true")
  boolean failOnMissingShards;

  /** Whether a store that cannot be written fails the build, rather than being logged as an error. */
  @Parameter(property = "gpubench.history.failOnError", defaultValue = "true")
  boolean failOnError;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("gpubench publish skipped (gpubench.skip)");
      return;
    }
    if (!storeConfigured()) {
      throw new MojoExecutionException("gpubench publish: no history store: set gpubench.history to an SQLite file "
          + "(such as ${user.home}/.gpubench/history.db) or a jdbc:postgresql:// URL");
    }
    if (testsSkipped().isPresent() && results == null) {
      getLog().warn("gpubench publish skipped: the tests were skipped (" + testsSkipped().get() + "), so this build "
          + "has no runs to publish");
      return;
    }
    BuildRuns build;
    try {
      build = buildRuns(results);
    } catch (BuildResults.NothingToJudgeException e) {
      throw new MojoExecutionException("gpubench publish: " + e.getMessage().replace("to judge", "to publish"));
    } catch (ResultsFile.InvalidResultsException e) {
      throw new MojoExecutionException("gpubench publish: " + e.getMessage());
    }
    build.notes().forEach(getLog()::warn);
    try {
      HistoryStore store = HistoryStore.open(storeLocation(), credentials(), busyTimeout());
      HistoryPublisher.publish(store, build, provenance(), !failOnMissingShards).forEach(getLog()::info);
    } catch (IllegalStateException e) {
      throw new MojoExecutionException("gpubench publish: " + e.getMessage());
    } catch (HistoryException e) {
      String msg = "gpubench publish: " + e.getMessage() + "; the journals in " + outputDir
          + " are kept: publish them later with mvn gpubench:publish -Dgpubench.results=" + outputDir;
      if (failOnError) {
        throw new MojoExecutionException(msg);
      }
      getLog().error(msg + " (not failing: gpubench.history.failOnError=false)");
    }
  }

  @Override
  String goal() {
    return "gpubench publish";
  }
}
