package io.gpubench.history.store;

import io.gpubench.api.result.CaseResult;
import io.gpubench.history.series.Figure;
import io.gpubench.results.ResultsFile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;

/**
 * A case's memory figures as columns of {@code gpubench_case} (schema version 2), one per {@link Figure#memoryFigures()}:
 * the values of the gate's {@link io.gpubench.results.compare.MemoryFigure}, so a series, a change point and a history
 * baseline read the number the gate reads from a results file. Publishing binds them; migrating a version-1 store
 * fills them for every case it holds from the case's results JSON (the store keeps it whole), so a history published
 * before memory had columns gets its memory series without being published again.
 */
final class MemoryColumns {

  private static final List<Figure> FIGURES = Figure.memoryFigures();

  // Updates are sent in batches of this many rows.
  private static final int BATCH = 500;

  private MemoryColumns() {}

  /**
   * The statements of migration 2: the columns, empty.
   *
   * @return the statements
   */
  static List<String> added() {
    return FIGURES.stream().map(f -> "ALTER TABLE gpubench_case ADD COLUMN " + f.column() + " DOUBLE PRECISION")
        .toList();
  }

  /**
   * The columns, for an insert: {@code , allocated_bytes_per_call, ...}.
   *
   * @return the list, each name after a comma
   */
  static String names() {
    return FIGURES.stream().map(f -> ", " + f.column()).collect(Collectors.joining());
  }

  /**
   * Their placeholders: {@code , ?, ?, ?}.
   *
   * @return the list, each after a comma
   */
  static String placeholders() {
    return ", ?".repeat(FIGURES.size());
  }

  /**
   * Binds a case's values from a parameter on.
   *
   * @param ps the statement
   * @param from the first parameter's index
   * @param k the case
   * @return the index after the last bound
   * @throws SQLException from the driver
   */
  static int bind(PreparedStatement ps, int from, CaseResult k) throws SQLException {
    int i = from;
    for (Figure f : FIGURES) {
      set(ps, i++, f.memory().valueOf(k));
    }
    return i;
  }

  /**
   * Fills the columns of every stored case from its results JSON, in the migration's transaction.
   *
   * @param c the connection
   * @param at the store, for messages
   * @return how many cases had a memory figure
   * @throws SQLException from the driver
   * @throws HistoryException naming the run and the case whose stored JSON cannot be read (nothing is changed)
   */
  static int backfill(Connection c, StoreLocation at) throws SQLException {
    // Read first, then write: SQLite would otherwise update the table under its own open cursor.
    List<Object[]> rows = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT k.run_key, k.case_id, r.run_id, k.result "
        + "FROM gpubench_case k JOIN gpubench_run r ON r.run_key = k.run_key ORDER BY k.run_key, k.position")) {
      ps.setFetchSize(200);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          CaseResult k;
          try {
            k = ResultsFile.mapper().readValue(rs.getString(4), CaseResult.class);
          } catch (JacksonException e) {
            throw new HistoryException(at, "history store " + at + " cannot be migrated to schema version "
                + Schema.CURRENT + ": the stored results of case " + rs.getString(2) + " in run " + rs.getString(3)
                + " cannot be read (" + e.getOriginalMessage() + "); move the store aside and rebuild the history "
                + "from the journals with the import command; nothing was changed", e);
          }
          Double[] values = FIGURES.stream().map(f -> f.memory().valueOf(k)).toArray(Double[]::new);
          if (java.util.Arrays.stream(values).anyMatch(v -> v != null)) {
            rows.add(new Object[] {rs.getLong(1), rs.getString(2), values});
          }
        }
      }
    }
    String set = FIGURES.stream().map(f -> f.column() + " = ?").collect(Collectors.joining(", "));
    try (PreparedStatement ps = c.prepareStatement("UPDATE gpubench_case SET " + set
        + " WHERE run_key = ? AND case_id = ?")) {
      int pending = 0;
      for (Object[] row : rows) {
        int i = 1;
        for (Double v : (Double[]) row[2]) {
          set(ps, i++, v);
        }
        ps.setLong(i++, (Long) row[0]);
        ps.setString(i, (String) row[1]);
        ps.addBatch();
        if (++pending == BATCH) {
          ps.executeBatch();
          pending = 0;
        }
      }
      if (pending > 0) {
        ps.executeBatch();
      }
    }
    return rows.size();
  }

  private static void set(PreparedStatement ps, int i, Double v) throws SQLException {
    if (v == null || !Double.isFinite(v)) {
      ps.setNull(i, Types.DOUBLE);
    } else {
      ps.setDouble(i, v);
    }
  }
}
