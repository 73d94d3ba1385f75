package io.gpubench.history.store;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Environment;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.RunInfo;
import io.gpubench.results.ResultsFile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;

/** Reads runs back: one whole run with its cases, or the list of runs without them. */
public final class RunReader {

  static final String RUN_COLUMNS = "r.run_key, r.run_id, r.started_at, r.started_ms, r.finished_at, r.complete, "
      + "r.incomplete_reason, r.git_commit, r.branch, r.dirty, r.ci_provider, r.ci_build_id, r.ci_build_url, "
      + "r.testbed, r.software, r.host, r.source, r.recorded_cases";

  private RunReader() {}

  /**
   * One run with every case as it was published.
   *
   * @param store the store
   * @param runId the run's id
   * @return the run, or empty when the store does not hold it
   * @throws HistoryException naming the store
   */
  public static Optional<RunRecord> run(HistoryStore store, String runId) {
    return store.read("read run " + runId, c -> read(c, runId));
  }

  /**
   * Every run, oldest first.
   *
   * @param store the store
   * @return the runs
   * @throws HistoryException naming the store
   */
  public static List<RunInfo> runs(HistoryStore store) {
    return store.read("list its runs", c -> {
      List<RunInfo> out = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement("SELECT " + RUN_COLUMNS + " FROM gpubench_run r "
          + "ORDER BY r.started_ms, r.run_id");
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(info(rs));
        }
      }
      return out;
    });
  }

  private static Optional<RunRecord> read(Connection c, String runId) throws SQLException {
    long key;
    RunInfo info;
    String planned;
    String environment;
    try (PreparedStatement ps = c.prepareStatement("SELECT " + RUN_COLUMNS + ", r.planned_cases, r.environment "
        + "FROM gpubench_run r WHERE r.run_id = ?")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        key = rs.getLong("run_key");
        info = info(rs);
        planned = rs.getString("planned_cases");
        environment = rs.getString("environment");
      }
    }
    List<CaseResult> cases = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT result FROM gpubench_case WHERE run_key = ? "
        + "ORDER BY position")) {
      ps.setLong(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          cases.add(ResultsFile.mapper().readValue(rs.getString(1), CaseResult.class));
        }
      }
    }
    Environment env = environment == null ? null : ResultsFile.mapper().readValue(environment, Environment.class);
    Provenance p = new Provenance(info.commit(), info.branch(), info.dirty(), info.ciProvider(), info.ciBuildId(),
        info.ciBuildUrl());
    return Optional.of(new RunRecord(info.runId(), info.startedAt(), info.finishedAt(), info.complete(),
        info.incompleteReason(), planned == null ? null : Integer.valueOf(planned), p, info.testbed(),
        info.software(), env, info.source(), cases));
  }

  static RunInfo info(ResultSet rs) throws SQLException {
    Object dirty = rs.getObject("dirty");
    return new RunInfo(rs.getString("run_id"), rs.getString("started_at"), rs.getLong("started_ms"),
        rs.getString("finished_at"), rs.getBoolean("complete"), rs.getString("incomplete_reason"),
        rs.getString("git_commit"), rs.getString("branch"), dirty == null ? null : rs.getBoolean("dirty"),
        rs.getString("ci_provider"), rs.getString("ci_build_id"), rs.getString("ci_build_url"),
        rs.getString("testbed"), software(rs.getString("software")), rs.getString("host"), rs.getString("source"),
        rs.getInt("recorded_cases"));
  }

  static Map<String, String> software(String json) {
    return json == null ? Map.of() : ResultsFile.mapper().readValue(json, new TypeReference<Map<String, String>>() {});
  }
}
