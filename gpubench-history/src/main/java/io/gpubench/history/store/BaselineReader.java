package io.gpubench.history.store;

import io.gpubench.api.result.Flag;
import io.gpubench.history.baseline.BaselineQuery;
import io.gpubench.history.baseline.HistoryBaseline;
import io.gpubench.history.series.Figure;
import io.gpubench.results.compare.Fingerprint;
import io.gpubench.results.compare.RunSamples;
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
 * clean runs, or where it has none its newest runs whose flags measured their bound (read from the stored flags, as
 * the gate reads them from a results file), the latter handed over beside clean runs too, as a baseline file holds
 * them (the comparison decides whether they count); its memory the newest runs that passed, flagged or not
 * ({@link HistoryBaseline.CaseBaseline}), each memory figure from that figure's last accepted change on.
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
    for (int from = 0; from < candidates.size() && !allFull(cases, q); from += BATCH) {
      List<Candidate> batch = candidates.subList(from, Math.min(candidates.size(), from + BATCH));
      Map<Long, Candidate> byKey = new HashMap<>();
      batch.forEach(k -> byKey.put(k.key(), k));
      String in = "?" + ", ?".repeat(batch.size() - 1);
      // Newest run first within the batch, as the candidates are.
      List<Object[]> rows = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement("SELECT run_key, case_id, clock, status, samples"
          + memoryColumns + " FROM gpubench_case WHERE run_key IN (" + in + ")")) {
        bindKeys(ps, batch);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (int i = 0; i < memory.size(); i++) {
              double v = rs.getDouble(6 + i);
              if (!rs.wasNull()) {
                values.put(memory.get(i).key(), v);
              }
            }
            rows.add(new Object[] {rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getBytes(5),
                values});
          }
        }
      }
      Map<Long, Map<String, List<Flag>>> flags = flags(c, batch, in);
      rows.sort((a, b) -> {
        Candidate x = byKey.get((Long) a[0]);
        Candidate y = byKey.get((Long) b[0]);
        return x.startedMs() != y.startedMs() ? Long.compare(y.startedMs(), x.startedMs())
            : y.runId().compareTo(x.runId());
      });
      for (Object[] row : rows) {
        String caseId = (String) row[1];
        Candidate run = byKey.get((Long) row[0]);
        if (!q.caseIds().contains(caseId) || !"PASSED".equals(row[3]) || row[4] == null) {
          continue;
        }
        Builder b = cases.computeIfAbsent(caseId, k -> new Builder());
        // The memory's runs: the newest that passed, flagged or not, each figure from its accepted change on.
        @SuppressWarnings("unchecked")
        Map<String, Double> values = new LinkedHashMap<>((Map<String, Double>) row[5]);
        values.keySet().removeIf(f -> run.startedMs() < cutoff.getOrDefault(caseId + "\n" + f, Long.MIN_VALUE));
        boolean forMemory = !values.isEmpty() && b.memoryRuns < q.runs();
        b.memoryRuns += forMemory ? 1 : 0;
        boolean timed = run.startedMs() >= cutoff.getOrDefault(caseId + "\n" + Figure.TIME.key(), Long.MIN_VALUE);
        String clock = row[2] == null ? "host" : (String) row[2];
        RunSamples s = RunSamples.stored(run.runId(), clock, Samples.unpack((byte[]) row[4]),
            flags.getOrDefault((Long) row[0], Map.of()).getOrDefault(caseId, List.of()));
        HistoryBaseline.BaselineRun r = new HistoryBaseline.BaselineRun(s, run.finishedAt(), run.commit(),
            forMemory ? values : Map.of());
        HistoryBaseline.MemoryRun m = forMemory ? new HistoryBaseline.MemoryRun(run.runId(), run.finishedAt(), values)
            : null;
        b.flagged += timed && !r.clean() ? 1 : 0;
        b.newestClock = b.newestClock == null ? clock : b.newestClock;
        // The newest run's clock decides among each kind; older runs on another clock could not be compared with it.
        // A run whose flags measured no bound (a throttled or shared GPU) is of no kind: memory only.
        Kept kept = new Kept(r, m);
        Runs kind = r.clean() ? b.clean : s.bounded() ? b.bounded : null;
        boolean taken = timed && kind != null && kind.take(kept, clock, q.runs());
        if (taken || m != null) {
          b.read.add(kept);
        }
      }
    }
    Map<String, HistoryBaseline.CaseBaseline> out = new LinkedHashMap<>();
    int flaggedLeftOut = 0;
    for (Map.Entry<String, Builder> e : cases.entrySet()) {
      Builder b = e.getValue();
      // Clean runs where the case has any, as a comparison takes a baseline file's; else the bounded flagged ones.
      // Beside clean runs, the bounded flagged ones on their clock come along, newest first, as a baseline file holds
      // them: the comparison takes them only where one ran better than every clean run (a clean run's JVM outcome).
      Runs timing = !b.clean.runs.isEmpty() ? b.clean : b.bounded;
      List<Kept> handed = timing == b.clean && timing.clock.equals(b.bounded.clock)
          ? b.read.stream().filter(k -> b.clean.runs.contains(k) || b.bounded.runs.contains(k)).toList()
          : timing.runs;
      List<HistoryBaseline.BaselineRun> runs = handed.stream().map(Kept::run).toList();
      // The memory's other runs: every run read for it that does not time the case, newest first.
      List<HistoryBaseline.MemoryRun> memoryRuns = b.read.stream().filter(k -> !handed.contains(k))
          .map(Kept::memory).filter(java.util.Objects::nonNull).toList();
      flaggedLeftOut += b.flagged - (timing == b.bounded ? runs.size() : 0);
      if (!runs.isEmpty() || !memoryRuns.isEmpty()) {
        out.put(e.getKey(), new HistoryBaseline.CaseBaseline(e.getKey(), timing.clock != null ? timing.clock
            : b.newestClock, runs, memoryRuns, acceptedAt.get(e.getKey())));
      }
    }
    return new HistoryBaseline(out, notes(q, out, ofTestbed, own, otherSoftware, softwareChanges, flaggedLeftOut,
        acceptedAt), ofTestbed);
  }

  private static void bindKeys(PreparedStatement ps, List<Candidate> batch) throws SQLException {
    for (int i = 0; i < batch.size(); i++) {
      ps.setLong(i + 1, batch.get(i).key());
    }
  }

  // Every flag of the batch's cases, by run and case, in each case's order: what bounds a run, as its results said.
  private static Map<Long, Map<String, List<Flag>>> flags(Connection c, List<Candidate> batch, String in)
      throws SQLException {
    Map<Long, Map<String, List<Flag>>> out = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT run_key, case_id, code, detail, factor FROM gpubench_flag "
        + "WHERE run_key IN (" + in + ") ORDER BY run_key, case_id, position")) {
      bindKeys(ps, batch);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.computeIfAbsent(rs.getLong(1), k -> new HashMap<>())
              .computeIfAbsent(rs.getString(2), k -> new ArrayList<>())
              .add(FlagRow.read(rs));
        }
      }
    }
    return out;
  }

  // "3 of 8 cases found 10 runs each", "no case of 8 found one".
  private static String found(List<HistoryBaseline.CaseBaseline> timed, int of) {
    if (timed.isEmpty()) {
      return "no case of " + of + " found one";
    }
    int fewest = timed.stream().mapToInt(HistoryBaseline.CaseBaseline::timingRuns).min().orElse(0);
    int most = timed.stream().mapToInt(HistoryBaseline.CaseBaseline::timingRuns).max().orElse(0);
    return timed.size() + " of " + of + (of == 1 ? " case" : " cases") + " found " + (fewest == most
        ? fewest + (fewest == 1 ? " run" : " runs") + (timed.size() == 1 ? "" : " each")
        : fewest + " to " + most + " runs");
  }

  // Every case has its clean runs of the times (its memory's are as recent or more: flagged runs count for them).
  private static boolean allFull(Map<String, Builder> cases, BaselineQuery q) {
    return cases.size() == q.caseIds().size()
        && cases.values().stream().allMatch(b -> b.clean.runs.size() >= q.runs());
  }

  private static List<String> notes(BaselineQuery q, Map<String, HistoryBaseline.CaseBaseline> cases, int ofTestbed,
      int own, int otherSoftware, List<String> changes, int flagged, Map<String, String> accepted) {
    List<String> notes = new ArrayList<>();
    List<HistoryBaseline.CaseBaseline> timed = cases.values().stream().filter(b -> !b.runs().isEmpty()
        && !b.timedByFlaggedRuns()).toList();
    notes.add(String.format(Locale.ROOT, "history baseline: the last %d clean runs of branch %s on '%s' per case: "
        + "%s; the store holds %d complete runs of that branch and testbed", q.runs(), q.branch(), q.testbed(),
        found(timed, q.caseIds().size()), ofTestbed));
    List<HistoryBaseline.CaseBaseline> bounded = cases.values().stream()
        .filter(HistoryBaseline.CaseBaseline::timedByFlaggedRuns).toList();
    if (!bounded.isEmpty()) {
      boolean one = bounded.size() == 1;
      notes.add("history baseline: " + bounded.size() + (one ? " case has" : " cases have") + " no clean run: "
          + (one ? "its time is" : "their time is") + " compared with the last runs whose flags measured how much "
          + "they slowed them (" + found(bounded, bounded.size()) + "), each run bounded by its flags as a baseline "
          + "file's flagged runs are (" + String.join(", ", bounded.stream().map(HistoryBaseline.CaseBaseline::caseId)
          .toList()) + ")");
    }
    List<String> memoryOnly = cases.values().stream().filter(b -> b.runs().isEmpty())
        .map(HistoryBaseline.CaseBaseline::caseId).toList();
    if (!memoryOnly.isEmpty()) {
      boolean one = memoryOnly.size() == 1;
      notes.add("history baseline: " + memoryOnly.size() + (one ? " case has" : " cases have") + " only runs flagged "
          + "without a measured bound (a throttled or shared GPU): " + (one ? "its memory is compared, its time is "
          + "not (" : "their memory is compared, their time is not (") + String.join(", ", memoryOnly) + ")");
    }
    if (own > 0) {
      notes.add("history baseline: " + own + " of this build's own runs left out");
    }
    if (otherSoftware > 0) {
      notes.add("history baseline: " + otherSoftware + " runs under other software left out (" + String.join("; ",
          changes) + (otherSoftware > 1 ? "; ..." : "") + ")");
    }
    if (flagged > 0) {
      notes.add("history baseline: " + flagged + " flagged case runs (throttled, shared, contended, forks disagree) "
          + "left out of the times of cases with clean runs, unless one ran better than every clean run; their memory "
          + "is compared (a busy or shared device does not change it)");
    }
    accepted.forEach((id, run) -> notes.add("history baseline: " + id + " compared from its accepted change at run "
        + run + " on"));
    return notes;
  }

  // A run of a case as read, with its memory where it is one of the memory's runs. Compared by identity: two reads
  // are two runs, and the run's samples are an array.
  private static final class Kept {
    final HistoryBaseline.BaselineRun run;
    final HistoryBaseline.MemoryRun memory;

    Kept(HistoryBaseline.BaselineRun run, HistoryBaseline.MemoryRun memory) {
      this.run = run;
      this.memory = memory;
    }

    HistoryBaseline.BaselineRun run() {
      return run;
    }

    HistoryBaseline.MemoryRun memory() {
      return memory;
    }
  }

  // The runs of one kind (clean, or flagged with a measured bound) that may time a case: the newest, on one clock.
  private static final class Runs {
    String clock;
    final List<Kept> runs = new ArrayList<>();

    boolean take(Kept k, String itsClock, int most) {
      if (runs.size() >= most || (clock != null && !clock.equals(itsClock))) {
        return false;
      }
      clock = itsClock;
      runs.add(k);
      return true;
    }
  }

  private static final class Builder {
    String newestClock;
    int memoryRuns;
    int flagged;
    final Runs clean = new Runs();
    final Runs bounded = new Runs();
    // Every run read that times the case or holds memory figures, newest first.
    final List<Kept> read = new ArrayList<>();
  }
}
