package io.gpubench.history.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The store's tables and their versions. A table {@code gpubench_schema} holds one row per applied version; opening
 * a store applies the versions it lacks, in order, in one transaction under the database's write lock (SQLite's
 * {@code BEGIN IMMEDIATE}, PostgreSQL's advisory lock), so that two builds opening a new store at once create it
 * once. A store of a newer version than this gpubench knows is refused, not written: its tables may mean something
 * this version cannot keep.
 *
 * <p>Why a version table rather than Flyway or Liquibase: the schema is a handful of tables in two dialects, what a
 * newer store must do (refuse, naming both versions and the fix) and how concurrent first opens must behave are ours
 * to define, and a migration library would be a larger dependency than the code it replaces (Flyway's SQLite support
 * has no lock for concurrent migrations).
 *
 * <p>Every table is named {@code gpubench_*}, so a store can share a PostgreSQL database with other tables.
 */
final class Schema {

  /**
   * The version this gpubench writes and reads. 1: runs, cases, flags, checks and accepted changes; 2: each case's
   * memory figures as columns ({@link MemoryColumns}), filled for the cases a version-1 store holds from their
   * results JSON.
   */
  static final int CURRENT = 2;

  static final String VERSION_TABLE = "gpubench_schema";

  // Any constant: the key of PostgreSQL's advisory lock that serialises migrations of one database.
  private static final long MIGRATION_LOCK = 0x6770756265_6e6368L;

  private Schema() {}

  /**
   * The statements that bring a store from version {@code v - 1} to {@code v}.
   *
   * @param v the version
   * @param d the dialect
   * @return the statements
   */
  static List<String> migration(int v, Dialect d) {
    if (v == 2) {
      return MemoryColumns.added();
    }
    if (v != 1) {
      throw new IllegalArgumentException("no migration to version " + v);
    }
    String dbl = "DOUBLE PRECISION";
    List<String> s = new ArrayList<>();
    s.add("CREATE TABLE gpubench_run ("
        + "run_key " + d.autoKey() + ", "
        + "run_id TEXT NOT NULL UNIQUE, "
        + "started_at TEXT NOT NULL, started_ms BIGINT NOT NULL, finished_at TEXT, finished_ms BIGINT, "
        + "complete BOOLEAN NOT NULL, incomplete_reason TEXT, planned_cases INTEGER, recorded_cases INTEGER NOT NULL, "
        + "git_commit TEXT, branch TEXT, dirty BOOLEAN, ci_provider TEXT, ci_build_id TEXT, ci_build_url TEXT, "
        + "testbed TEXT NOT NULL, software TEXT NOT NULL, host TEXT, gpubench_version TEXT, environment TEXT, "
        + "source TEXT NOT NULL, published_at TEXT NOT NULL)");
    s.add("CREATE INDEX gpubench_run_series ON gpubench_run (testbed, branch, started_ms)");
    s.add("CREATE TABLE gpubench_case ("
        + "run_key BIGINT NOT NULL REFERENCES gpubench_run (run_key), case_id TEXT NOT NULL, position INTEGER NOT NULL, "
        + "display_name TEXT, benchmark TEXT, workload TEXT, backend TEXT, precision_name TEXT, shape TEXT, "
        + "status TEXT NOT NULL, message TEXT, clock TEXT, trials INTEGER, calls_per_trial INTEGER, "
        + "median_ns " + dbl + ", median_low_ns " + dbl + ", median_high_ns " + dbl + ", mean_ns " + dbl + ", "
        + "ci_low_ns " + dbl + ", ci_high_ns " + dbl + ", ci_level " + dbl + ", stdev_ns " + dbl + ", "
        + "min_ns " + dbl + ", max_ns " + dbl + ", "
        + "items_per_s " + dbl + ", flops_per_s " + dbl + ", bytes_per_s " + dbl + ", bus_bytes_per_s " + dbl + ", "
        + "samples_per_s " + dbl + ", gap " + dbl + ", bound_by TEXT, "
        + "peak_device_bytes BIGINT, allocated_bytes BIGINT, reserved_bytes BIGINT, "
        + "correctness_passed BOOLEAN, tightest_check TEXT, tightest_share " + dbl + ", "
        + "device_flagged BOOLEAN NOT NULL, samples " + d.bytes() + ", result TEXT NOT NULL, "
        + "PRIMARY KEY (run_key, case_id))");
    s.add("CREATE INDEX gpubench_case_id ON gpubench_case (case_id, run_key)");
    // Every flag of a case with its code and detail; factor keeps room for a flag that bounds a verdict by a
    // measured slowdown (null where the flag has none).
    s.add("CREATE TABLE gpubench_flag (run_key BIGINT NOT NULL, case_id TEXT NOT NULL, position INTEGER NOT NULL, "
        + "code TEXT NOT NULL, detail TEXT, factor " + dbl + ", PRIMARY KEY (run_key, case_id, position))");
    s.add("CREATE TABLE gpubench_check (run_key BIGINT NOT NULL, case_id TEXT NOT NULL, position INTEGER NOT NULL, "
        + "metric TEXT NOT NULL, actual " + dbl + ", allowed " + dbl + ", passed BOOLEAN NOT NULL, "
        + "used_share " + dbl + ", PRIMARY KEY (run_key, case_id, position))");
    s.add("CREATE TABLE gpubench_accepted_change (change_key " + d.autoKey() + ", case_id TEXT NOT NULL, "
        + "testbed TEXT NOT NULL, figure TEXT NOT NULL, run_id TEXT NOT NULL, reason TEXT, accepted_by TEXT, "
        + "accepted_at TEXT NOT NULL, UNIQUE (case_id, testbed, figure, run_id))");
    return s;
  }

  /**
   * The store's version without changing anything.
   *
   * @param c a connection
   * @return the version, 0 for a store without gpubench's tables
   * @throws SQLException from the driver
   */
  static int version(Connection c) throws SQLException {
    if (!hasTable(c, VERSION_TABLE)) {
      return 0;
    }
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT MAX(version) FROM " + VERSION_TABLE)) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  /**
   * Brings the store to {@link #CURRENT}, in the caller's transaction (auto-commit off).
   *
   * @param c the connection
   * @param d the dialect
   * @param at the store, for messages
   * @return the version the store had before
   * @throws SQLException from the driver
   * @throws HistoryException when the store is newer than this version, or an SQLite file of something else
   */
  static int migrate(Connection c, Dialect d, StoreLocation at) throws SQLException {
    if (d == Dialect.POSTGRESQL) {
      try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
        lock.setLong(1, MIGRATION_LOCK);
        lock.execute();
      }
    } else {
      // Takes SQLite's write lock now (the connection begins IMMEDIATE transactions): the reads below and the
      // creation are one step for every other writer.
      try (Statement st = c.createStatement()) {
        st.executeUpdate("CREATE TABLE IF NOT EXISTS " + VERSION_TABLE
            + " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL, applied_by TEXT NOT NULL)");
      }
    }
    int have = version(c);
    refuseNewer(have, at);
    if (have == 0 && d == Dialect.SQLITE) {
      refuseForeign(c, at);
    }
    if (have == CURRENT) {
      return have;
    }
    try (Statement st = c.createStatement()) {
      st.executeUpdate("CREATE TABLE IF NOT EXISTS " + VERSION_TABLE
          + " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL, applied_by TEXT NOT NULL)");
      for (int v = have + 1; v <= CURRENT; v++) {
        for (String sql : migration(v, d)) {
          st.executeUpdate(sql);
        }
        if (v == 2) {
          MemoryColumns.backfill(c, at);
        }
        try (PreparedStatement row = c.prepareStatement("INSERT INTO " + VERSION_TABLE
            + " (version, applied_at, applied_by) VALUES (?, ?, ?)")) {
          row.setInt(1, v);
          row.setString(2, Instant.now().toString());
          row.setString(3, "gpubench " + Version.of());
          row.executeUpdate();
        }
      }
    }
    return have;
  }

  /**
   * Refuses a store whose version this gpubench does not know.
   *
   * @param have the store's version
   * @param at the store
   * @throws HistoryException naming both versions and what to do
   */
  static void refuseNewer(int have, StoreLocation at) {
    if (have > CURRENT) {
      throw new HistoryException(at, "history store " + at + " has schema version " + have + ", newer than this "
          + "gpubench (" + Version.of() + ") knows (" + CURRENT + "): it was written by a newer gpubench. Use that "
          + "version (or newer) to publish and read it, or name another store; nothing was written", null);
    }
  }

  private static void refuseForeign(Connection c, StoreLocation at) throws SQLException {
    List<String> tables = new ArrayList<>();
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet rs = md.getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME");
        if (!name.toLowerCase(Locale.ROOT).startsWith("gpubench_") && !name.startsWith("sqlite_")) {
          tables.add(name);
        }
      }
    }
    if (!tables.isEmpty()) {
      throw new HistoryException(at, "history store " + at + " is an SQLite database of something else (tables "
          + String.join(", ", tables) + "): name a file of its own for gpubench's history; nothing was written",
          null);
    }
  }

  private static boolean hasTable(Connection c, String name) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet rs = md.getTables(null, c.getSchema(), name, new String[] {"TABLE"})) {
      return rs.next();
    }
  }
}
