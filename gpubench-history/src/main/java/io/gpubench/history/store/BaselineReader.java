package io.gpubench.history.store;

import io.gpubench.history.baseline.BaselineQuery;
import io.gpubench.history.baseline.HistoryBaseline;
import io.gpubench.history.series.Figure;
import io.gpubench.results.compare.Fingerprint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses a build's baseline from the store ({@link BaselineQuery} says which runs qualify). The runs of the testbed
 * and branch are read newest first; those under other software or of this build are set aside (and counted for the
 * notes); then the cases of the remaining runs are read a batch of runs at a time until every case has its runs or
 * the history is exhausted, so a long history costs no more than the runs it takes. A case's time takes its newest
 * clean runs; its memory the newest runs that passed, flagged or not ({@link HistoryBaseline.CaseBaseline}), each
 * memory figure from that figure's last accepted change on.
 */
public final class BaselineReader {

  private static final int BATCH = 50;

  private BaselineReader() {}

  /**
   * Chooses the baseline.
   *
   * @param store the store
   * @param q which runs qualify
   * @return the baseline
   * @throws HistoryException naming the store
   */
  public static HistoryBaseline select(HistoryStore store, BaselineQuery q) {
    return store.read("choose the baseline runs", c -> select(c, q));
  }

  private record Candidate(long key, String runId, long startedMs, String finishedAt, String commit) {}

  private static HistoryBaseline select(Connection c, BaselineQuery q) throws SQLException {
    List<Candidate> candidates = new ArrayList<>();
    int ofTestbed = 0;
    int otherSoftware = 0;
    int own = 0;
    List<String> softwareChanges = new ArrayList<>();
    Fingerprint current = new Fingerprint(q.testbed(), q.software());
    try (PreparedStatement ps = c.prepareStatement("SELECT run_key, run_id, started_ms, started_at, finished_at, "
        + "git_commit, software FROM gpubench_run WHERE testbed = ? AND branch = ? AND complete = ? "
        + "ORDER BY started_ms DESC, run_id DESC")) {
      ps.setString(1, q.testbed());
      ps.setString(2, q.branch());
      ps.setBoolean(3, true);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          ofTestbed++;
          String runId = rs.getString("run_id");
          if (q.excludeRunIds().contains(runId)) {
            own++;
            continue;
          }
          List<String> diff = current.differencesFrom(RunReader.software(rs.getString("software")),
              q.ignoredDetails());
          if (!diff.isEmpty()) {
            otherSoftware++;
            if (softwareChanges.isEmpty()) {
              softwareChanges.addAll(diff);
            }
            continue;
          }
          String finished = rs.getString("finished_at");
          candidates.add(new Candidate(rs.getLong("run_key"), runId, rs.getLong("started_ms"),
              finished != null ? finished : rs.getString("started_at"), rs.getString("git_commit")));
        }
      }
    }
    // Per case and figure, the start of its last accepted change: the runs before it are of another level.
    Map<String, Long> cutoff = new HashMap<>();
    Map<String, String> acceptedAt = new HashMap<>();
    for (AcceptedChanges.Accepted a : AcceptedChanges.all(c)) {
      if (a.testbed().equals(q.testbed()) && q.caseIds().contains(a.caseId())) {
        String key = a.caseId() + "\n" + a.figure().key();
        cutoff.merge(key, a.startedMillis(), Math::max);
        if (a.figure() == Figure.TIME && cutoff.get(key) == a.startedMillis()) {
          acceptedAt.put(a.caseId(), a.runId());
        }
      }
    }
    List<Figure> memory = Figure.memoryFigures();
    String memoryColumns = memory.stream().map(f -> ", " + f.column()).collect(java.util.stream.Collectors.joining());
    Map<String, Builder> cases = new LinkedHashMap<>();
    int flagged = 0;
    for (int from = 0; from < candidates.size() && !allFull(cases, q); from += BATCH) {
      List<Candidate> batch = candidates.subList(from, Math.min(candidates.size(), from + BATCH));
      Map<Long, Candidate> byKey = new HashMap<>();
      batch.forEach(k -> byKey.put(k.key(), k));
      StringBuilder in = new StringBuilder();
      for (int i = 0; i < batch.size(); i++) {
        in.append(i == 0 ? "?" : ", ?");
      }
      // Newest run first within the batch, as the candidates are.
      List<Object[]> rows = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement("SELECT run_key, case_id, clock, status, device_flagged, samples"
          + memoryColumns + " FROM gpubench_case WHERE run_key IN (" + in + ")")) {
        for (int i = 0; i < batch.size(); i++) {
          ps.setLong(i + 1, batch.get(i).key());
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (int i = 0; i < memory.size(); i++) {
              double v = rs.getDouble(7 + i);
              if (!rs.wasNull()) {
                values.put(memory.get(i).key(), v);
              }
            }
            rows.add(new Object[] {rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                rs.getBoolean(5), rs.getBytes(6), values});
          }
        }
      }
      rows.sort((a, b) -> {
        Candidate x = byKey.get((Long) a[0]);
        Candidate y = byKey.get((Long) b[0]);
        return x.startedMs() != y.startedMs() ? Long.compare(y.startedMs(), x.startedMs())
            : y.runId().compareTo(x.runId());
      });
      for (Object[] row : rows) {
        String caseId = (String) row[1];
        Candidate run = byKey.get((Long) row[0]);
        if (!q.caseIds().contains(caseId) || !"PASSED".equals(row[3]) || row[5] == null) {
          continue;
        }
        Builder b = cases.computeIfAbsent(caseId, k -> new Builder());
        // The memory's runs: the newest that passed, flagged or not, each figure from its accepted change on.
        @SuppressWarnings("unchecked")
        Map<String, Double> values = new LinkedHashMap<>((Map<String, Double>) row[6]);
        values.keySet().removeIf(f -> run.startedMs() < cutoff.getOrDefault(caseId + "\n" + f, Long.MIN_VALUE));
        boolean forMemory = !values.isEmpty() && b.memoryRuns < q.runs();
        b.memoryRuns += forMemory ? 1 : 0;
        boolean timed = run.startedMs() >= cutoff.getOrDefault(caseId + "\n" + Figure.TIME.key(), Long.MIN_VALUE);
        if (timed && (Boolean) row[4]) {
          flagged++;
        }
        String clock = row[2] == null ? "host" : (String) row[2];
        // The newest clean run's clock decides; older runs on another clock could not be compared with it.
        if (timed && !(Boolean) row[4] && b.runs.size() < q.runs() && (b.clock == null || b.clock.equals(clock))) {
          b.clock = clock;
          b.runs.add(new HistoryBaseline.BaselineRun(run.runId(), run.finishedAt(), run.commit(),
              Samples.unpack((byte[]) row[5]), forMemory ? values : Map.of()));
        } else if (forMemory) {
          b.memoryOnly.add(new HistoryBaseline.MemoryRun(run.runId(), run.finishedAt(), values));
        }
        b.newestClock = b.newestClock == null ? clock : b.newestClock;
      }
    }
    Map<String, HistoryBaseline.CaseBaseline> out = new LinkedHashMap<>();
    cases.forEach((id, b) -> {
      if (!b.runs.isEmpty() || !b.memoryOnly.isEmpty()) {
        out.put(id, new HistoryBaseline.CaseBaseline(id, b.clock != null ? b.clock : b.newestClock, b.runs,
            b.memoryOnly, acceptedAt.get(id)));
      }
    });
    return new HistoryBaseline(out, notes(q, out, ofTestbed, own, otherSoftware, softwareChanges, flagged,
        acceptedAt), ofTestbed);
  }

  // Every case has its time's runs (its memory's are as recent or more: flagged runs count for them).
  private static boolean allFull(Map<String, Builder> cases, BaselineQuery q) {
    return cases.size() == q.caseIds().size() && cases.values().stream().allMatch(b -> b.runs.size() >= q.runs());
  }

  private static List<String> notes(BaselineQuery q, Map<String, HistoryBaseline.CaseBaseline> cases, int ofTestbed,
      int own, int otherSoftware, List<String> changes, int flagged, Map<String, String> accepted) {
    List<String> notes = new ArrayList<>();
    List<HistoryBaseline.CaseBaseline> timed = cases.values().stream().filter(b -> !b.runs().isEmpty()).toList();
    int fewest = timed.stream().mapToInt(b -> b.runs().size()).min().orElse(0);
    int most = timed.stream().mapToInt(b -> b.runs().size()).max().orElse(0);
    notes.add(String.format(Locale.ROOT, "history baseline: the last %d clean runs of branch %s on '%s' per case: "
        + "%d of %d cases found %s; the store holds %d complete runs of that branch and testbed", q.runs(), q.branch(),
        q.testbed(), timed.size(), q.caseIds().size(),
        timed.isEmpty() ? "no run" : fewest == most ? fewest + " runs each" : fewest + " to " + most + " runs",
        ofTestbed));
    List<String> memoryOnly = cases.values().stream().filter(b -> b.runs().isEmpty())
        .map(HistoryBaseline.CaseBaseline::caseId).toList();
    if (!memoryOnly.isEmpty()) {
      boolean one = memoryOnly.size() == 1;
      notes.add("history baseline: " + memoryOnly.size() + (one ? " case has" : " cases have") + " only runs flagged "
          + "throttled, shared or contended: " + (one ? "its memory is compared, its time is not ("
          : "their memory is compared, their time is not (") + String.join(", ", memoryOnly) + ")");
    }
    if (own > 0) {
      notes.add("history baseline: " + own + " of this build's own runs left out");
    }
    if (otherSoftware > 0) {
      notes.add("history baseline: " + otherSoftware + " runs under other software left out (" + String.join("; ",
          changes) + (otherSoftware > 1 ? "; ..." : "") + ")");
    }
    if (flagged > 0) {
      notes.add("history baseline: " + flagged + " case runs flagged throttled, shared or contended left out of the "
          + "times; their memory is compared (a busy or shared device does not change it)");
    }
    accepted.forEach((id, run) -> notes.add("history baseline: " + id + " compared from its accepted change at run "
        + run + " on"));
    return notes;
  }

  private static final class Builder {
    String clock;
    String newestClock;
    int memoryRuns;
    final List<HistoryBaseline.BaselineRun> runs = new ArrayList<>();
    final List<HistoryBaseline.MemoryRun> memoryOnly = new ArrayList<>();
  }
}
