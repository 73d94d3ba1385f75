package io.gpubench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.maven.rules.Limit;
import io.gpubench.maven.rules.Rule;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check -Dgpubench.history.publish=true} with a store that fails: the gate's verdict is decided and reported
 * first, and the failed publish never replaces it. A passing gate fails the build saying it passed and why the publish
 * did not; a failing gate fails on its own violations, with the publish failure logged beside them.
 */
class CheckPublishTest {

  @TempDir
  Path dir;

  private final List<String> errors = new ArrayList<>();

  private CheckMojo check(String maxMedian) throws Exception {
    Path results = dir.resolve("results.json");
    try (var in = getClass().getResourceAsStream("/recorded/cpu-run-a.json")) {
      Files.write(results, in.readAllBytes());
    }
    Path corrupt = dir.resolve("history.db");
    Files.write(corrupt, "this is no SQLite database, it is a text file that someone put here".repeat(100)
        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    CheckMojo m = new CheckMojo();
    m.results = results.toFile();
    m.baseline = null; // the default, gpubench-baseline.json beside the POM: absent, a note
    m.failOnNotPassed = true;
    m.compareBy = "time";
    m.environmentMismatch = EnvironmentPolicy.FAIL;
    m.ignoredDetails = "";
    m.minEffect = "5%";
    m.significance = 0.01;
    m.failOnRegression = true;
    m.haltOnFailure = true;
    m.failOnIncomplete = true;
    m.history = corrupt.toString();
    m.historyPublish = true;
    m.historyFailOnError = true;
    m.historyBusyTimeout = 5;
    m.historyRuns = 10;
    m.historyBaselineBranch = "main";
    m.basedir = dir.toFile();
    m.buildDirectory = dir.resolve("target").toFile();
    m.outputDir = dir.resolve("target/gpubench").toFile();
    m.sessionStart = new Date();
    m.rules = maxMedian == null ? null : List.of(new Rule("*", List.of(new Limit("median", null, maxMedian))));
    m.setLog(new SystemStreamLog() {
      @Override
      public void error(CharSequence content) {
        errors.add(content.toString());
      }
    });
    return m;
  }

  @Test
  void aPassingGateWithAFailedPublishSaysTheGatePassedAndWhyThePublishDidNot() throws Exception {
    assertThatThrownBy(check(null)::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("gpubench check: the gate passed (no violation in ")
        .hasMessageContaining("publishing into the history failed")
        .hasMessageContaining("not an SQLite database, or it is corrupt")
        .hasMessageContaining("publish them later with mvn gpubench:publish -Dgpubench.results=");
  }

  @Test
  void aFailingGateFailsOnItsViolationsAndLogsTheFailedPublishBeside() throws Exception {
    assertThatThrownBy(check("1ns")::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("gpubench check: 25 violations in ")
        .hasMessageNotContaining("publishing");
    assertThat(errors).singleElement().asString().contains("publishing into the history failed")
        .contains("not an SQLite database");
  }

  @Test
  void withFailOnErrorOffTheFailedPublishIsOnlyLogged() throws Exception {
    CheckMojo m = check(null);
    m.historyFailOnError = false;
    m.execute();
    assertThat(errors).singleElement().asString().contains("publishing into the history failed")
        .contains("not failing: gpubench.history.failOnError=false");
  }
}
