package io.gpubench.history.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.support.Backends;
import io.gpubench.history.support.Postgres;
import io.gpubench.history.support.Runs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stores that cannot be used give one clear error naming the store and what to do, write nothing, and never show a
 * password: a locked, read-only, corrupt, foreign or newer-schema SQLite file; a newer schema, refused credentials,
 * an unreachable or read-only PostgreSQL server.
 */
class BadStoreTest {

  @TempDir
  Path dir;

  private static RunRecord run() {
    return RunRecord.of(Runs.recorded("cpu-run-a"), true, null, 25, Provenance.UNKNOWN, "results");
  }

  @Test
  void aFileLockedByAnotherWriterLongerThanTheBusyTimeoutSaysSoAndWhatToDo() throws Exception {
    StoreLocation at = StoreLocation.sqlite(dir.resolve("history.db"));
    HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(5));
    try (Connection other = DriverManager.getConnection(at.url()); Statement st = other.createStatement()) {
      st.execute("BEGIN IMMEDIATE");
      st.executeUpdate("INSERT INTO gpubench_schema (version, applied_at, applied_by) VALUES (1000, 'x', 'test')");
      HistoryStore store = HistoryStore.open(at, Credentials.NONE, Duration.ofMillis(500));
      assertThatThrownBy(() -> store.publish(run()))
          .isInstanceOf(HistoryException.class)
          .hasMessageContaining(at.file().toString())
          .hasMessageContaining("locked by another writer for longer than the busy timeout")
          .hasMessageContaining("gpubench.history.busyTimeout");
      st.execute("ROLLBACK");
    }
    // The lock gone, the same run publishes: nothing was half-written.
    assertThat(HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(5)).publish(run()).inserted()).isTrue();
  }

  @Test
  void aReadOnlyFileSaysSoAndNothingIsWritten() throws Exception {
    StoreLocation at = StoreLocation.sqlite(dir.resolve("history.db"));
    HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(5));
    boolean root = "root".equals(System.getProperty("user.name"));
    // Root ignores permission bits; the immutable attribute stops it too (ext4, xfs, btrfs).
    if (root) {
      assumeTrue(run("chattr", "+i", at.file().toString()), "chattr +i is not supported here, and root ignores "
          + "file permissions");
    } else {
      assertThat(at.file().toFile().setWritable(false)).isTrue();
    }
    try {
      assertThatThrownBy(() -> HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(2)).publish(run()))
          .isInstanceOf(HistoryException.class)
          .hasMessageContaining(at.file().toString())
          .hasMessageContaining("read-only");
    } finally {
      if (root) {
        run("chattr", "-i", at.file().toString());
      } else {
        at.file().toFile().setWritable(true);
      }
    }
    assertThat(RunReader.runs(HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(2)))).isEmpty();
  }

  @Test
  void aCorruptFileIsNamedWithHowToRebuildTheHistory() throws IOException {
    Path file = dir.resolve("history.db");
    byte[] junk = new byte[8192];
    new java.util.Random(7).nextBytes(junk);
    Files.write(file, junk);

    assertThatThrownBy(() -> HistoryStore.open(StoreLocation.sqlite(file), Credentials.NONE, Duration.ofSeconds(2)))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("not an SQLite database, or it is corrupt")
        .hasMessageContaining("import");
  }

  @Test
  void anSqliteFileOfSomethingElseIsNotWrittenInto() throws Exception {
    StoreLocation at = StoreLocation.sqlite(dir.resolve("app.db"));
    try (Connection c = DriverManager.getConnection(at.url()); Statement st = c.createStatement()) {
      st.executeUpdate("CREATE TABLE customers (id INTEGER)");
    }
    assertThatThrownBy(() -> HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(2)))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining("an SQLite database of something else (tables customers)");
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void aStoreOfANewerSchemaIsRefusedNamingBothVersions(String backend) throws Exception {
    StoreLocation at = Backends.fresh(backend, dir);
    HistoryStore store = Backends.open(at);
    store.write("pretend a newer gpubench migrated it", c -> {
      try (Statement st = c.createStatement()) {
        return st.executeUpdate("INSERT INTO gpubench_schema (version, applied_at, applied_by) VALUES (7, 'x', 'y')");
      }
    });
    assertThatThrownBy(() -> Backends.open(at))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining("has schema version 7, newer than this gpubench")
        .hasMessageContaining("knows (" + Schema.CURRENT + ")")
        .hasMessageContaining("nothing was written");
  }

  @Test
  void refusedCredentialsNameTheWaysToGiveThemAndNeverThePassword() {
    Postgres.assume();
    String password = "wrong-" + Long.toHexString(System.nanoTime()) + "-secret";
    StoreLocation at = StoreLocation.parse(Postgres.url(), null);
    assertThatThrownBy(() -> HistoryStore.open(at, new Credentials(Postgres.credentials().user(), password),
        Duration.ofSeconds(2)))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining("refused the credentials of user " + Postgres.credentials().user())
        .hasMessageContaining("gpubench.history.server")
        .hasMessageNotContaining(password)
        .satisfies(e -> assertThat(String.valueOf(e.getCause())).doesNotContain(password));
  }

  @Test
  void aPasswordWrittenIntoTheUrlIsNeverShown() {
    Postgres.assume();
    String password = "in-url-" + Long.toHexString(System.nanoTime());
    String url = Postgres.url() + "?user=" + Postgres.credentials().user() + "&password=" + password;
    StoreLocation at = StoreLocation.parse(url, null);
    assertThat(at.toString()).doesNotContain(password).contains("password=***");
    assertThatThrownBy(() -> HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(2)))
        .isInstanceOf(HistoryException.class)
        .hasMessageNotContaining(password);
  }

  @Test
  void anUnreachableServerIsNamedWithItsUrl() {
    StoreLocation at = StoreLocation.parse("jdbc:postgresql://127.0.0.1:1/nothing", null);
    assertThatThrownBy(() -> HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(2)))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining("jdbc:postgresql://127.0.0.1:1/nothing")
        .hasMessageContaining("cannot be reached");
  }

  @Test
  void aReadOnlyServerSaysToPublishIntoThePrimary() {
    StoreLocation fresh = Postgres.freshStore();
    Backends.open(fresh);
    StoreLocation readOnly = new StoreLocation(Dialect.POSTGRESQL,
        fresh.url() + "&options=-c%20default_transaction_read_only%3Don", null);
    assertThatThrownBy(() -> HistoryStore.open(readOnly, Postgres.credentials(), Duration.ofSeconds(2))
        .publish(run()))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining("read-only")
        .hasMessageContaining("publish into the primary");
  }

  private static boolean run(String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
