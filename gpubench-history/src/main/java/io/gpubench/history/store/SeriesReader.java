package io.gpubench.history.store;

import io.gpubench.api.result.Flag;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.Series;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.results.compare.RunFlags;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads series: for each (case, testbed), every run's value of a figure in the order the runs started, with the flags
 * that set each point aside for that figure ({@link io.gpubench.history.series.Figure#setAsideBy()}). One query for
 * the points and one for their flags, whatever the number of series. A memory figure's series exists only for a case
 * that has the figure in some run (a CPU case has no device memory).
 */
public final class SeriesReader {

  private SeriesReader() {}

  /**
   * The series a query selects, ordered by case id and testbed.
   *
   * @param store the store
   * @param q the query
   * @return the series
   * @throws HistoryException naming the store
   */
  public static List<Series> read(HistoryStore store, SeriesQuery q) {
    return store.read("read its series", c -> read(c, q));
  }

  private static List<Series> read(Connection c, SeriesQuery q) throws SQLException {
    StringBuilder where = new StringBuilder(" WHERE 1 = 1");
    List<String> params = new ArrayList<>();
    if (q.testbed() != null) {
      where.append(" AND r.testbed = ?");
      params.add(q.testbed());
    }
    if (q.branch() != null) {
      where.append(" AND r.branch = ?");
      params.add(q.branch());
    }
    Map<String, List<Flag>> flags = flags(c, where.toString(), params, q.figure().setAsideBy());
    Map<String, RunInfo> runs = new HashMap<>();
    Map<String, Builder> series = new LinkedHashMap<>();
    String figure = q.figure().column();
    boolean time = q.figure() == io.gpubench.history.series.Figure.TIME;
    String sql = "SELECT " + RunReader.RUN_COLUMNS + ", k.case_id, k.display_name, k.backend, k.precision_name, "
        + "k.status, k.clock, k.calls_per_trial, k." + figure + " AS figure_value, k.median_low_ns, k.median_high_ns"
        + (q.withSamples() ? ", k.samples" : "") + " FROM gpubench_case k JOIN gpubench_run r ON r.run_key = k.run_key"
        + where + " ORDER BY k.case_id, r.testbed, r.started_ms, r.run_id";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String runId = rs.getString("run_id");
          RunInfo run = runs.get(runId);
          if (run == null) {
            run = RunReader.info(rs);
            runs.put(runId, run);
          }
          String caseId = rs.getString("case_id");
          String key = caseId + "\n" + run.testbed();
          Builder b = series.computeIfAbsent(key, k -> new Builder());
          b.caseId = caseId;
          b.testbed = run.testbed();
          b.displayName = rs.getString("display_name");
          b.backend = rs.getString("backend");
          b.precision = rs.getString("precision_name");
          double value = number(rs, "figure_value");
          double low = time ? number(rs, "median_low_ns") : Double.NaN;
          double high = time ? number(rs, "median_high_ns") : Double.NaN;
          List<Flag> set = flags.getOrDefault(runId + "\n" + caseId, List.of());
          b.points.add(new Point(run, rs.getString("status"), rs.getString("clock"), value, low, high,
              set.stream().map(SeriesReader::words).toList(),
              q.withSamples() ? Samples.unpack(rs.getBytes("samples")) : null, rs.getInt("calls_per_trial"),
              slowdown(set)));
        }
      }
    }
    List<Series> out = new ArrayList<>();
    for (Builder b : series.values()) {
      if (q.figure().memory() != null && b.points.stream().noneMatch(p -> Double.isFinite(p.value()))) {
        continue;
      }
      out.add(new Series(b.caseId, b.displayName, b.testbed, b.backend, b.precision, q.figure(), b.points));
    }
    return out;
  }

  // "contended: 5 of 5 trials kept ran slowed ...": a flag as the page and the notes show it.
  private static String words(Flag f) {
    return f.code() + (f.detail() == null || f.detail().isBlank() ? "" : ": " + f.detail());
  }

  // What the flags that set a point aside measured of its slowdown: a flag not about the device's state (not-steady,
  // for the bytes a call allocates) bounds nothing.
  private static double slowdown(List<Flag> set) {
    return set.stream().allMatch(Flag::aboutDeviceState) ? RunFlags.deviceStateSlowdown(set)
        : Double.POSITIVE_INFINITY;
  }

  // The flags of each (run, case) that set it aside, with their details and measured factors: throttled
  // (HW_SLOWDOWN) ...
  private static Map<String, List<Flag>> flags(Connection c, String where, List<String> params,
      List<String> codes) throws SQLException {
    Map<String, List<Flag>> out = new HashMap<>();
    if (codes.isEmpty()) {
      return out;
    }
    String sql = "SELECT r.run_id, f.case_id, f.code, f.detail, f.factor FROM gpubench_flag f JOIN gpubench_run r "
        + "ON r.run_key = f.run_key" + where + " AND f.code IN (" + String.join(", ", java.util.Collections.nCopies(
        codes.size(), "?")) + ") ORDER BY f.run_key, f.case_id, f.position";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      List<String> all = new ArrayList<>(params);
      all.addAll(codes);
      bind(ps, all);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.computeIfAbsent(rs.getString("run_id") + "\n" + rs.getString("case_id"), k -> new ArrayList<>())
              .add(FlagRow.read(rs));
        }
      }
    }
    return out;
  }

  static void bind(PreparedStatement ps, List<String> params) throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      ps.setString(i + 1, params.get(i));
    }
  }

  private static double number(ResultSet rs, String column) throws SQLException {
    double v = rs.getDouble(column);
    return rs.wasNull() ? Double.NaN : v;
  }

  private static final class Builder {
    String caseId;
    String testbed;
    String displayName;
    String backend;
    String precision;
    final List<Point> points = new ArrayList<>();
  }
}
