package io.gpubench.history.store;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Throughput;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Intervals;
import io.gpubench.results.compare.Leaderboard;
import io.gpubench.results.compare.RunFlags;
import io.gpubench.results.compare.RunSamples;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a run into the store in the caller's transaction. The run's row goes first with
 * {@code ON CONFLICT (run_id) DO NOTHING RETURNING run_key}: a run the store already holds returns no key and nothing
 * else is written, which makes publishing idempotent and lets concurrent publishers of the same run (two retries of
 * a CI job) meet on the unique key instead of duplicating it.
 */
final class RunWriter {

  private static final JsonMapper LINE = ResultsFile.mapper().rebuild()
      .disable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT).build();

  private RunWriter() {}

  static HistoryStore.Published publish(Connection c, RunRecord run) throws SQLException {
    Long key = insertRun(c, run);
    if (key == null) {
      return new HistoryStore.Published(run.runId(), false, countCases(c, run.runId()));
    }
    Set<String> seen = new LinkedHashSet<>();
    try (PreparedStatement cs = c.prepareStatement(CASE_SQL);
        PreparedStatement fs = c.prepareStatement("INSERT INTO gpubench_flag (run_key, case_id, position, code, "
            + "detail, factor) VALUES (?, ?, ?, ?, ?, ?)");
        PreparedStatement ks = c.prepareStatement("INSERT INTO gpubench_check (run_key, case_id, position, metric, "
            + "actual, allowed, passed, used_share) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (CaseResult k : run.cases()) {
        // A run that holds an id twice (a broken file) keeps its first case, as the reports do.
        if (!seen.add(k.id())) {
          continue;
        }
        bindCase(cs, key, seen.size() - 1, k);
        cs.addBatch();
        for (int i = 0; i < k.flags().size(); i++) {
          Flag f = k.flags().get(i);
          fs.setLong(1, key);
          fs.setString(2, k.id());
          fs.setInt(3, i);
          fs.setString(4, f.code());
          fs.setString(5, f.detail());
          if (f.slowdown() == null) {
            fs.setNull(6, Types.DOUBLE);
          } else {
            fs.setDouble(6, f.slowdown());
          }
          fs.addBatch();
        }
        if (k.correctness() != null) {
          for (int i = 0; i < k.correctness().checks().size(); i++) {
            Check ch = k.correctness().checks().get(i);
            ks.setLong(1, key);
            ks.setString(2, k.id());
            ks.setInt(3, i);
            ks.setString(4, ch.metric().key());
            setDouble(ks, 5, ch.actual());
            setDouble(ks, 6, ch.allowed());
            ks.setBoolean(7, ch.passed());
            setDouble(ks, 8, ch.usedShare());
            ks.addBatch();
          }
        }
      }
      cs.executeBatch();
      fs.executeBatch();
      ks.executeBatch();
    }
    return new HistoryStore.Published(run.runId(), true, seen.size());
  }

  private static Long insertRun(Connection c, RunRecord run) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO gpubench_run (run_id, started_at, started_ms, "
        + "finished_at, finished_ms, complete, incomplete_reason, planned_cases, recorded_cases, git_commit, branch, "
        + "dirty, ci_provider, ci_build_id, ci_build_url, testbed, software, host, gpubench_version, environment, "
        + "source, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT (run_id) DO NOTHING RETURNING run_key")) {
      Provenance p = run.provenance();
      int i = 1;
      ps.setString(i++, run.runId());
      ps.setString(i++, run.startedAt());
      ps.setLong(i++, run.startedMillis());
      ps.setString(i++, run.finishedAt());
      setLong(ps, i++, run.finishedMillis());
      ps.setBoolean(i++, run.complete());
      ps.setString(i++, run.incompleteReason());
      setInt(ps, i++, run.plannedCases());
      ps.setInt(i++, (int) run.cases().stream().map(CaseResult::id).distinct().count());
      ps.setString(i++, p.commit());
      ps.setString(i++, p.branch());
      if (p.dirty() == null) {
        ps.setNull(i++, Types.BOOLEAN);
      } else {
        ps.setBoolean(i++, p.dirty());
      }
      ps.setString(i++, p.ciProvider());
      ps.setString(i++, p.ciBuildId());
      ps.setString(i++, p.ciBuildUrl());
      ps.setString(i++, run.testbed());
      ps.setString(i++, LINE.writeValueAsString(new TreeMap<>(run.software())));
      ps.setString(i++, run.environment() == null ? null : run.environment().host());
      ps.setString(i++, run.environment() == null ? null : run.environment().gpubenchVersion());
      ps.setString(i++, run.environment() == null ? null : LINE.writeValueAsString(run.environment()));
      ps.setString(i++, run.source());
      ps.setString(i, Instant.now().toString());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : null;
      }
    }
  }

  private static int countCases(Connection c, String runId) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM gpubench_case k JOIN gpubench_run r "
        + "ON r.run_key = k.run_key WHERE r.run_id = ?")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getInt(1) : 0;
      }
    }
  }

  private static final String CASE_SQL = "INSERT INTO gpubench_case (run_key, case_id, position, display_name, benchmark, "
      + "workload, backend, precision_name, shape, status, message, clock, trials, calls_per_trial, median_ns, "
      + "median_low_ns, median_high_ns, mean_ns, ci_low_ns, ci_high_ns, ci_level, stdev_ns, min_ns, max_ns, "
      + "items_per_s, flops_per_s, bytes_per_s, bus_bytes_per_s, samples_per_s, gap, bound_by, peak_device_bytes, "
      + "allocated_bytes, reserved_bytes, correctness_passed, tightest_check, tightest_share, device_flagged, "
      + "samples, result" + MemoryColumns.names() + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
      + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?" + MemoryColumns.placeholders() + ")";

  private static void bindCase(PreparedStatement ps, long key, int position, CaseResult k) throws SQLException {
    RunSamples samples = RunSamples.of("", k);
    Statistics s = k.timing() == null ? null : k.timing().primary();
    double[] medianCi = samples.size() == 0 ? null : Intervals.ofMedian(samples.values(), 0.05);
    Throughput t = k.throughput();
    Memory m = k.memory();
    Check tightest = CaseDigest.tightest(k);
    int i = 1;
    ps.setLong(i++, key);
    ps.setString(i++, k.id());
    ps.setInt(i++, position);
    ps.setString(i++, k.displayName());
    ps.setString(i++, k.benchmark());
    ps.setString(i++, k.workload());
    ps.setString(i++, k.backend() == null ? null : k.backend().toString());
    ps.setString(i++, k.precision() == null ? null : k.precision().name());
    ps.setString(i++, LINE.writeValueAsString(k.shape()));
    ps.setString(i++, k.status() == null ? null : k.status().name());
    ps.setString(i++, k.message());
    ps.setString(i++, k.timing() == null ? null : samples.clock());
    setInt(ps, i++, k.timing() == null ? null : samples.size());
    setInt(ps, i++, k.timing() == null ? null : k.timing().callsPerTrial());
    Double median = samples.size() > 0 ? Double.valueOf(samples.median())
        : s == null ? null : Double.valueOf(s.median());
    setDouble(ps, i++, median);
    setDouble(ps, i++, medianCi == null || Double.isInfinite(medianCi[0]) ? null : medianCi[0]);
    setDouble(ps, i++, medianCi == null || Double.isInfinite(medianCi[1]) ? null : medianCi[1]);
    setDouble(ps, i++, s == null ? null : s.mean());
    setDouble(ps, i++, s == null ? null : s.ciLow());
    setDouble(ps, i++, s == null ? null : s.ciHigh());
    setDouble(ps, i++, s == null ? null : s.confidence());
    setDouble(ps, i++, s == null ? null : s.stdev());
    setDouble(ps, i++, s == null ? null : s.min());
    setDouble(ps, i++, s == null ? null : s.max());
    setDouble(ps, i++, t == null ? null : t.itemsPerSecond());
    setDouble(ps, i++, t == null ? null : t.flopsPerSecond());
    setDouble(ps, i++, t == null ? null : t.bytesPerSecond());
    setDouble(ps, i++, t == null ? null : t.busBytesPerSecond());
    setDouble(ps, i++, CaseDigest.metricValue(k, Leaderboard.METRIC));
    setDouble(ps, i++, t == null ? null : t.gap());
    ps.setString(i++, t == null ? null : t.boundBy());
    setLong(ps, i++, m == null ? null : m.peakDeviceBytes());
    setLong(ps, i++, m == null ? null : m.allocatedBytes());
    setLong(ps, i++, m == null ? null : m.reservedBytes());
    if (k.correctness() == null) {
      ps.setNull(i++, Types.BOOLEAN);
    } else {
      ps.setBoolean(i++, k.correctness().passed());
    }
    ps.setString(i++, tightest == null ? null : tightest.metric().key());
    setDouble(ps, i++, tightest == null ? null : tightest.usedShare());
    ps.setBoolean(i++, !RunFlags.deviceStateFlags(k).isEmpty());
    ps.setBytes(i++, samples.size() == 0 ? null : Samples.pack(samples.values()));
    ps.setString(i++, LINE.writeValueAsString(k));
    MemoryColumns.bind(ps, i, k);
  }

  private static void setDouble(PreparedStatement ps, int i, Double v) throws SQLException {
    if (v == null || !Double.isFinite(v)) {
      ps.setNull(i, Types.DOUBLE);
    } else {
      ps.setDouble(i, v);
    }
  }

  private static void setLong(PreparedStatement ps, int i, Long v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.BIGINT);
    } else {
      ps.setLong(i, v);
    }
  }

  private static void setInt(PreparedStatement ps, int i, Integer v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.INTEGER);
    } else {
      ps.setInt(i, v);
    }
  }
}
