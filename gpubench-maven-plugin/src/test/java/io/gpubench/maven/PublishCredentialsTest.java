package io.gpubench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The publish goal takes a history server's credentials from a settings.xml server and never shows the password:
 * not in its log, not in its failure, whether the server accepts the password or refuses it. Against the real
 * PostgreSQL server the tests are given (GPUBENCH_PG_URL; skipped without one, required with
 * {@code -Dgpubench.postgresTests=required}).
 */
class PublishCredentialsTest {

  @TempDir
  Path dir;

  private final List<String> log = new ArrayList<>();

  private PublishMojo goal(String store, String serverId, Settings settings) throws Exception {
    Path results = dir.resolve("results.json");
    try (var in = getClass().getResourceAsStream("/recorded/cpu-run-a.json")) {
      Files.write(results, in.readAllBytes());
    }
    PublishMojo m = new PublishMojo();
    m.history = store;
    m.historyServer = serverId;
    m.settings = settings;
    m.results = results.toFile();
    m.outputDir = dir.resolve("target/gpubench").toFile();
    m.buildDirectory = dir.resolve("target").toFile();
    m.basedir = dir.toFile();
    m.sessionStart = new Date();
    m.failOnError = true;
    m.historyBusyTimeout = 5;
    m.historyBranch = "main";
    m.setLog(new Capture(log));
    return m;
  }

  private static Settings withServer(String id, String user, String password) {
    Server s = new Server();
    s.setId(id);
    s.setUsername(user);
    s.setPassword(password);
    Settings settings = new Settings();
    settings.addServer(s);
    return settings;
  }

  private static String pg() {
    String url = System.getenv("GPUBENCH_PG_URL");
    if (url == null && "required".equals(System.getProperty("gpubench.postgresTests"))) {
      throw new IllegalStateException("gpubench.postgresTests=required but GPUBENCH_PG_URL is not set");
    }
    assumeTrue(url != null, "no PostgreSQL server: GPUBENCH_PG_URL is not set (eval \"$(.ci/start-postgres)\")");
    // A schema of this test's own, so that every run starts from an empty store.
    String schema = "plugin_" + ProcessHandle.current().pid() + "_" + Long.toString(System.nanoTime(), 36);
    java.util.Properties p = new java.util.Properties();
    p.setProperty("user", System.getenv("GPUBENCH_PG_USER"));
    p.setProperty("password", System.getenv("GPUBENCH_PG_PASSWORD"));
    try (var c = java.sql.DriverManager.getConnection(url, p); var st = c.createStatement()) {
      st.executeUpdate("CREATE SCHEMA " + schema);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("cannot create a schema for the test: " + e.getMessage(), e);
    }
    return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }

  @Test
  void theSettingsServersPasswordPublishesAndIsNeverLogged() throws Exception {
    String url = pg();
    String password = System.getenv("GPUBENCH_PG_PASSWORD");
    goal(url, "perf-db", withServer("perf-db", System.getenv("GPUBENCH_PG_USER"), password)).execute();

    assertThat(log).anySatisfy(l -> assertThat(l).startsWith("info: published run ")
        .contains("(25 cases, complete").contains("branch main"));
    assertThat(String.join("\n", log)).doesNotContain(password);
  }

  @Test
  void aRefusedPasswordFailsNamingTheServerIdWaysAndNeverThePassword() throws Exception {
    String url = pg();
    String wrong = "not-" + Long.toHexString(System.nanoTime()) + "-the-password";
    PublishMojo m = goal(url, "perf-db", withServer("perf-db", System.getenv("GPUBENCH_PG_USER"), wrong));

    assertThatThrownBy(m::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("refused the credentials")
        .hasMessageContaining("gpubench.history.server")
        .hasMessageContaining("publish them later with mvn gpubench:publish")
        .hasMessageNotContaining(wrong);
    assertThat(String.join("\n", log)).doesNotContain(wrong);
  }

  @Test
  void aServerIdThatSettingsLacksIsNamed() throws Exception {
    PublishMojo m = goal("jdbc:postgresql://127.0.0.1:1/x", "missing-id", withServer("other", "u", "p"));
    assertThatThrownBy(m::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("gpubench.history.server names 'missing-id', but settings.xml has no <server> with "
            + "that id");
  }

  @Test
  void anSqliteStoreInsideTheBuildFolderIsRefusedBeforeAnythingIsWritten() throws Exception {
    PublishMojo m = goal("target/history.db", null, new Settings());
    assertThatThrownBy(m::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("is inside the build folder")
        .hasMessageContaining("mvn clean removes");
    assertThat(dir.resolve("target/history.db")).doesNotExist();
  }

  @Test
  void publishingTheSameResultsTwiceSaysTheRunIsAlreadyThere() throws Exception {
    Path db = dir.resolve("history.db");
    goal(db.toString(), null, new Settings()).execute();
    goal(db.toString(), null, new Settings()).execute();
    assertThat(log).filteredOn(l -> l.startsWith("info: published run ")).hasSize(1);
    assertThat(log).filteredOn(l -> l.startsWith("info: run already in the history, left as it is: ")).hasSize(1);
    assertThat(ResultsFile.read(dir.resolve("results.json")).cases()).hasSize(25);
  }

  /** A Maven log that keeps every line, prefixed by its level. */
  private record Capture(List<String> lines) implements Log {
    @Override public boolean isDebugEnabled() {
      return true;
    }

    @Override public void debug(CharSequence c) {
      lines.add("debug: " + c);
    }

    @Override public void debug(CharSequence c, Throwable e) {
      lines.add("debug: " + c + " " + e);
    }

    @Override public void debug(Throwable e) {
      lines.add("debug: " + e);
    }

    @Override public boolean isInfoEnabled() {
      return true;
    }

    @Override public void info(CharSequence c) {
      lines.add("info: " + c);
    }

    @Override public void info(CharSequence c, Throwable e) {
      lines.add("info: " + c + " " + e);
    }

    @Override public void info(Throwable e) {
      lines.add("info: " + e);
    }

    @Override public boolean isWarnEnabled() {
      return true;
    }

    @Override public void warn(CharSequence c) {
      lines.add("warn: " + c);
    }

    @Override public void warn(CharSequence c, Throwable e) {
      lines.add("warn: " + c + " " + e);
    }

    @Override public void warn(Throwable e) {
      lines.add("warn: " + e);
    }

    @Override public boolean isErrorEnabled() {
      return true;
    }

    @Override public void error(CharSequence c) {
      lines.add("error: " + c);
    }

    @Override public void error(CharSequence c, Throwable e) {
      lines.add("error: " + c + " " + e);
    }

    @Override public void error(Throwable e) {
      lines.add("error: " + e);
    }
  }

}
