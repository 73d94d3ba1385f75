package io.gpubench.history.store;

import io.gpubench.history.record.RunRecord;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.sqlite.SQLiteConfig;

/**
 * A results store: the runs of a project's history in one SQLite file or one PostgreSQL database. Opening it brings
 * its schema up to date ({@link Schema}); each operation then takes a connection of its own and one transaction, so
 * a store is safe to share between threads, and several processes can publish into one store at once: SQLite
 * serialises writers on its file lock (WAL, {@code BEGIN IMMEDIATE}, a busy timeout), PostgreSQL on the run id's
 * unique key. Every failure is a {@link HistoryException} naming the store and what to do.
 */
public final class HistoryStore {

  /** How long an SQLite writer waits for another one by default. */
  public static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(60);

  private final StoreLocation location;
  private final Credentials credentials;
  private final Duration busyTimeout;

  private HistoryStore(StoreLocation location, Credentials credentials, Duration busyTimeout) {
    this.location = location;
    this.credentials = credentials;
    this.busyTimeout = busyTimeout;
  }

  /**
   * Opens a store for writing, creating it (an SQLite file and its folder, or the tables in a PostgreSQL database)
   * and migrating its schema where needed.
   *
   * @param location where
   * @param credentials for a server; {@link Credentials#NONE} for a file
   * @param busyTimeout how long an SQLite writer waits for another
   * @return the store
   * @throws HistoryException naming the store and what to do
   */
  public static HistoryStore open(StoreLocation location, Credentials credentials, Duration busyTimeout) {
    HistoryStore s = new HistoryStore(location, credentials, busyTimeout);
    if (location.file() != null) {
      try {
        Files.createDirectories(location.file().toAbsolutePath().getParent());
      } catch (java.io.IOException e) {
        throw new HistoryException(location, "history store " + location + ": cannot create its folder: "
            + e.getMessage(), e);
      }
    }
    s.migrate();
    return s;
  }

  /**
   * Opens a store that must already hold history, for reading: an SQLite file that does not exist is not created.
   *
   * @param location where
   * @param credentials for a server
   * @param busyTimeout how long to wait for a writer
   * @return the store, or empty when the SQLite file does not exist
   * @throws HistoryException naming the store and what to do
   */
  public static Optional<HistoryStore> openExisting(StoreLocation location, Credentials credentials,
      Duration busyTimeout) {
    if (location.file() != null && !Files.exists(location.file())) {
      return Optional.empty();
    }
    HistoryStore s = new HistoryStore(location, credentials, busyTimeout);
    s.migrate();
    return Optional.of(s);
  }

  /**
   * Where the store is.
   *
   * @return the location
   */
  public StoreLocation location() {
    return location;
  }

  /**
   * Publishes a run: its record and every case, in one transaction. A run whose id the store already holds is left
   * as it is (publishing is idempotent by run id), so a failed publish can simply be repeated.
   *
   * @param run the run
   * @return what happened
   * @throws HistoryException naming the store and what to do
   */
  public Published publish(RunRecord run) {
    return write("publish run " + run.runId(), c -> RunWriter.publish(c, run));
  }

  /**
   * Runs work in one read transaction.
   *
   * @param doing what, for messages: {@code read the series}
   * @param work the work
   * @param <T> its result
   * @return the result
   * @throws HistoryException naming the store and what to do
   */
  public <T> T read(String doing, Work<T> work) {
    return transaction(doing, work, false);
  }

  /**
   * Runs work in one write transaction, committed when it returns and rolled back when it throws.
   *
   * @param doing what, for messages
   * @param work the work
   * @param <T> its result
   * @return the result
   * @throws HistoryException naming the store and what to do
   */
  public <T> T write(String doing, Work<T> work) {
    return transaction(doing, work, true);
  }

  private void migrate() {
    int have = read("read its schema version", Schema::version);
    Schema.refuseNewer(have, location);
    if (have < Schema.CURRENT) {
      write("create or migrate its tables", c -> Schema.migrate(c, location.dialect(), location));
    }
  }

  private <T> T transaction(String doing, Work<T> work, boolean writing) {
    try (Connection c = connect(writing)) {
      c.setAutoCommit(false);
      try {
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly(c);
        throw e;
      }
    } catch (SQLException e) {
      throw StoreErrors.of(location, doing, e, credentials, busyTimeout);
    }
  }

  private Connection connect(boolean writing) throws SQLException {
    if (location.dialect() == Dialect.SQLITE) {
      SQLiteConfig config = new SQLiteConfig();
      config.setBusyTimeout((int) Math.min(Integer.MAX_VALUE, busyTimeout.toMillis()));
      // Writers take the lock when their transaction begins: two writers that both read first and then upgrade
      // would deadlock, and SQLite answers one of them BUSY at once whatever the timeout.
      config.setTransactionMode(writing ? SQLiteConfig.TransactionMode.IMMEDIATE
          : SQLiteConfig.TransactionMode.DEFERRED);
      config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
      Connection c = DriverManager.getConnection(location.url(), config.toProperties());
      try (Statement st = c.createStatement()) {
        // WAL lets readers (the page, the gate) read while a build publishes; it is a property of the file, set
        // once. A read-only file keeps the mode it has.
        if (writing) {
          st.execute("PRAGMA journal_mode=WAL");
        }
      } catch (SQLException e) {
        c.close();
        throw e;
      }
      return c;
    }
    Properties p = new Properties();
    if (credentials.user() != null) {
      p.setProperty("user", credentials.user());
    }
    credentials.secret().ifPresent(pw -> p.setProperty("password", pw));
    p.setProperty("ApplicationName", "gpubench");
    p.setProperty("connectTimeout", "20");
    return DriverManager.getConnection(location.url(), p);
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException ignored) {
      // the failure being reported is the one that matters
    }
  }

  /**
   * SQL work on one connection inside a transaction.
   *
   * @param <T> its result
   */
  @FunctionalInterface
  public interface Work<T> {
    /**
     * Does the work.
     *
     * @param c the connection, auto-commit off
     * @return the result
     * @throws SQLException from the driver
     */
    T run(Connection c) throws SQLException;
  }

  /**
   * What a publish did.
   *
   * @param runId the run
   * @param inserted true when the run was new; false when the store already held it (nothing changed)
   * @param cases the cases the store holds for the run
   */
  public record Published(String runId, boolean inserted, int cases) {}
}
