package io.gpubench.history.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.Series;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.support.Postgres;
import io.gpubench.history.support.Runs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store of schema version 1, written by the version-1 code ({@code store-v1/history-v1.db}, see its README), opened
 * by this version: migrated to version 2 in place, its memory columns filled from each stored case's results JSON, and
 * its memory series read back with the values the gate computes from those results. The same on PostgreSQL, with the
 * fixture's rows copied into version-1 tables on the server.
 */
class MigrationTest {

  private static final String ALLOCATING = "io.example.AllocatingBenchmark#allocate[n=1000][FP32][cpu]";
  private static final String GEMM_1024 = "io.gpubench.examples.cuda.CudaGemmBenchmark#matmul[m=1024,n=1024,k=1024]"
      + "[FP32][cuda:0]";
  private static final String GEMM_4096 = "io.gpubench.examples.cuda.CudaGemmBenchmark#matmul[m=4096,n=4096,k=4096]"
      + "[FP16][cuda:0]";

  @TempDir
  Path dir;

  @Test
  void aVersionOneFileIsMigratedAndItsMemorySeriesReadAsTheGateReadsTheResults() throws Exception {
    Path file = fixture();
    assertThat(versions(StoreLocation.sqlite(file))).containsExactly(1);

    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(file), Credentials.NONE, Duration.ofSeconds(5));

    assertThat(versions(store.location())).containsExactly(1, 2);
    assertMigrated(store);
    // Opening again applies nothing: the versions stay, and the values too.
    HistoryStore again = HistoryStore.open(StoreLocation.sqlite(file), Credentials.NONE, Duration.ofSeconds(5));
    assertThat(versions(again.location())).containsExactly(1, 2);
    assertMigrated(again);
  }

  @Test
  void aVersionOneStoreOnPostgresqlIsMigratedTheSameWay() throws Exception {
    StoreLocation pg = Postgres.freshStore();
    copyIntoVersionOne(fixture(), pg);
    assertThat(versions(pg)).containsExactly(1);

    HistoryStore store = HistoryStore.open(pg, Postgres.credentials(), Duration.ofSeconds(5));

    assertThat(versions(pg)).containsExactly(1, 2);
    assertMigrated(store);
  }

  @Test
  void aMigratedStoreTakesNewRunsWithTheirMemory() throws Exception {
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(fixture()), Credentials.NONE, Duration.ofSeconds(5));
    var model = RunReader.run(store, "20261206T171224-ced2aacb").orElseThrow();
    var rerun = Runs.rerun(new io.gpubench.api.result.RunResult(io.gpubench.api.result.RunResult.SCHEMA,
        model.runId(), model.startedAt(), model.finishedAt(), model.environment(), model.cases()), "after-migration",
        Instant.parse("2026-12-07T00:00:00Z"), 1.0);

    store.publish(RunRecord.of(rerun, true, null, 1, new Provenance("abc", "main", false, null, null, null),
        "results"));

    Series s = only(store, Figure.ALLOCATED_BYTES_PER_CALL, ALLOCATING);
    assertThat(s.points()).extracting(Point::value).containsExactly(4018.2192, 8058.1088, 4018.1088, 4018.1088);
  }

  @Test
  void aStoredCaseWhoseResultsCannotBeReadStopsTheMigrationNamingItAndChangesNothing() throws Exception {
    Path file = fixture();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        PreparedStatement ps = c.prepareStatement("UPDATE gpubench_case SET result = ? WHERE case_id = ?")) {
      ps.setString(1, "{\"id\": \"broken");
      ps.setString(2, GEMM_1024);
      assertThat(ps.executeUpdate()).isEqualTo(1);
    }

    assertThatThrownBy(() -> HistoryStore.open(StoreLocation.sqlite(file), Credentials.NONE, Duration.ofSeconds(5)))
        .isInstanceOf(HistoryException.class)
        .hasMessageContaining("history store " + file)
        .hasMessageContaining("cannot be migrated to schema version 2")
        .hasMessageContaining("case " + GEMM_1024 + " in run c6c5423c-6f57-4d90-8489-57a0c87525d4")
        .hasMessageContaining("rebuild the history from the journals")
        .hasMessageContaining("nothing was changed");
    assertThat(versions(StoreLocation.sqlite(file))).containsExactly(1);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        ResultSet rs = c.getMetaData().getColumns(null, null, "gpubench_case", "allocated_bytes_per_call")) {
      assertThat(rs.next()).as("the migration's columns were rolled back").isFalse();
    }
  }

  private static void assertMigrated(HistoryStore store) {
    // The memory-gate sample's three runs: one float[1000] a call, then two, then one (results JSON, to the byte).
    Series alloc = only(store, Figure.ALLOCATED_BYTES_PER_CALL, ALLOCATING);
    assertThat(alloc.points()).extracting(Point::value).containsExactly(4018.2192, 8058.1088, 4018.1088);
    assertThat(alloc.points()).extracting(Point::callsPerTrial).containsOnly(1000);
    // Each run's warm-up was cut short: set aside from the allocation series, not from the device's.
    assertThat(alloc.points()).allSatisfy(p -> assertThat(p.flags()).singleElement().asString()
        .startsWith("not-steady"));
    assertThat(alloc.clean()).isEmpty();

    // The H200 run has gpubench's allocator only; the constructed run NVML's process peak, which the figure prefers.
    assertThat(only(store, Figure.PEAK_DEVICE_MEMORY, GEMM_1024).points()).extracting(Point::value)
        .containsExactly(41943040.0);
    Series peak = only(store, Figure.PEAK_DEVICE_MEMORY, GEMM_4096);
    assertThat(peak.points()).extracting(Point::value).containsExactly(570425344.0, 1189085184.0);
    assertThat(peak.clean()).hasSize(2);
    Series delta = only(store, Figure.DEVICE_MEMORY_DELTA, GEMM_4096);
    assertThat(delta.points()).extracting(Point::value).containsExactly(Double.NaN, 1189085184.0 - 532676608.0);
    // No device memory for a CPU case, no memory at all for a skipped one: no series.
    assertThat(series(store, Figure.PEAK_DEVICE_MEMORY)).extracting(Series::caseId)
        .containsExactlyInAnyOrder(GEMM_1024, GEMM_4096);
    assertThat(series(store, Figure.DEVICE_MEMORY_DELTA)).extracting(Series::caseId).containsExactly(GEMM_4096);
    // The times are as they were.
    assertThat(series(store, Figure.TIME)).hasSize(4);
  }

  private static List<Series> series(HistoryStore store, Figure f) {
    return SeriesReader.read(store, new SeriesQuery(f, null, "main", false));
  }

  private static Series only(HistoryStore store, Figure f, String caseId) {
    List<Series> found = series(store, f).stream().filter(s -> s.caseId().equals(caseId)).toList();
    assertThat(found).as("%s series of %s", f.key(), caseId).hasSize(1);
    return found.get(0);
  }

  private Path fixture() throws IOException {
    Path file = dir.resolve("copy-" + System.nanoTime() + ".db");
    try (InputStream in = MigrationTest.class.getResourceAsStream("/store-v1/history-v1.db")) {
      Files.copy(in, file);
    }
    return file;
  }

  private static List<Integer> versions(StoreLocation at) throws SQLException {
    try (Connection c = connect(at); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT version FROM gpubench_schema ORDER BY version")) {
      List<Integer> out = new java.util.ArrayList<>();
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
      return out;
    }
  }

  private static Connection connect(StoreLocation at) throws SQLException {
    if (at.dialect() == Dialect.SQLITE) {
      return DriverManager.getConnection(at.url());
    }
    Properties p = new Properties();
    p.setProperty("user", Postgres.credentials().user());
    Postgres.credentials().secret().ifPresent(s -> p.setProperty("password", s));
    return DriverManager.getConnection(at.url(), p);
  }

  // The version-1 tables on the server, made by the version-1 statements, and every row of the fixture's copied in.
  private static void copyIntoVersionOne(Path sqlite, StoreLocation pg) throws SQLException {
    try (Connection from = DriverManager.getConnection("jdbc:sqlite:" + sqlite); Connection to = connect(pg)) {
      to.setAutoCommit(false);
      try (Statement st = to.createStatement()) {
        st.executeUpdate("CREATE TABLE gpubench_schema (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL, "
            + "applied_by TEXT NOT NULL)");
        for (String sql : Schema.migration(1, Dialect.POSTGRESQL)) {
          st.executeUpdate(sql);
        }
      }
      for (String table : List.of("gpubench_schema", "gpubench_run", "gpubench_case", "gpubench_flag",
          "gpubench_check", "gpubench_accepted_change")) {
        copy(from, to, table);
      }
      to.commit();
    }
  }

  private static void copy(Connection from, Connection to, String table) throws SQLException {
    Map<String, Integer> types = new java.util.LinkedHashMap<>();
    try (Statement st = to.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        types.put(md.getColumnName(i), md.getColumnType(i));
      }
    }
    String names = String.join(", ", types.keySet());
    String marks = types.keySet().stream().map(k -> "?").collect(Collectors.joining(", "));
    try (Statement st = from.createStatement(); ResultSet rs = st.executeQuery("SELECT " + names + " FROM " + table);
        PreparedStatement ins = to.prepareStatement("INSERT INTO " + table + " (" + names + ") VALUES (" + marks
            + ")")) {
      while (rs.next()) {
        int i = 1;
        for (Map.Entry<String, Integer> col : types.entrySet()) {
          Object v = rs.getObject(col.getKey());
          if (v == null) {
            ins.setNull(i, col.getValue());
          } else if (col.getValue() == Types.BIT || col.getValue() == Types.BOOLEAN) {
            ins.setBoolean(i, rs.getBoolean(col.getKey()));
          } else if (col.getValue() == Types.BINARY || col.getValue() == Types.VARBINARY) {
            ins.setBytes(i, rs.getBytes(col.getKey()));
          } else if (col.getValue() == Types.BIGINT) {
            ins.setLong(i, rs.getLong(col.getKey()));
          } else if (col.getValue() == Types.INTEGER) {
            ins.setInt(i, rs.getInt(col.getKey()));
          } else if (col.getValue() == Types.DOUBLE || col.getValue() == Types.FLOAT) {
            ins.setDouble(i, rs.getDouble(col.getKey()));
          } else {
            ins.setString(i, rs.getString(col.getKey()));
          }
          i++;
        }
        ins.executeUpdate();
      }
    }
  }
}
