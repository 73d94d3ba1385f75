package io.gpubench.maven.noise;

import io.gpubench.api.result.RunResult;
import io.gpubench.history.changes.Change;
import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.Series;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.SeriesReader;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.maven.ab.AbRunner;
import io.gpubench.maven.ab.Side;
import io.gpubench.maven.gate.BaselineSource;
import io.gpubench.maven.history.HistoryBaselineSource;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The gate against the history, measured as a team's CI would live it ({@link GateFigures}' {@code history} phase):
 * {@code baselineRuns} runs of unchanged code published into a fresh SQLite store as builds of main; then, per rerun,
 * an unchanged run judged against the last 10 clean runs of main ({@code -Dgpubench.baseline=history}) and published
 * as main (the window slides as it would), and a 2x slowed run judged the same way and published under another
 * branch (a pull request: the baseline never takes it). Reported: the unchanged runs' SLOWER/FASTER share, how many
 * slowed runs fail the gate, and the change points found on the real series (none should be: the code never
 * changed; and, with at least 3 slowed runs, one per case where the slowed runs are appended to main's series).
 */
final class HistoryPhase {

  private HistoryPhase() {}

  static List<String> measure(AbRunner runner, Side unchanged, Side slowed, int baselineRuns, int reruns)
      throws IOException {
    Path db = runner.work().resolve("history.db");
    Files.deleteIfExists(db);
    StoreLocation at = StoreLocation.sqlite(db);
    HistoryStore store = HistoryStore.open(at, Credentials.NONE, Duration.ofSeconds(60));
    for (int i = 0; i < baselineRuns; i++) {
      RunResult run = runner.runOnce(unchanged, runner.work().resolve("history-baseline-" + (i + 1)));
      publish(store, run, "main", "base-" + i);
      System.out.println("history baseline run " + (i + 1) + " of " + baselineRuns + " published");
    }
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    BaselineSource history = new HistoryBaselineSource(at, Credentials.NONE, Duration.ofSeconds(60), "main", 10,
        List.of());
    Map<Verdict, Integer> same = new EnumMap<>(Verdict.class);
    Map<Verdict, Integer> slow = new EnumMap<>(Verdict.class);
    int falseRuns = 0;
    int caughtRuns = 0;
    List<String> perRun = new ArrayList<>();
    for (int i = 0; i < reruns; i++) {
      RunResult u = runner.runOnce(unchanged, runner.work().resolve("history-rerun-" + (i + 1)));
      Map<Verdict, Integer> v = tally(gate.check(List.of(u), history.load(List.of(u)).set(), history.name()));
      v.forEach((k, n) -> same.merge(k, n, Integer::sum));
      falseRuns += v.getOrDefault(Verdict.SLOWER, 0) + v.getOrDefault(Verdict.FASTER, 0) > 0 ? 1 : 0;
      publish(store, u, "main", "rerun-" + i);
      RunResult s = runner.runOnce(slowed, runner.work().resolve("history-slowed-" + (i + 1)));
      Map<Verdict, Integer> w = tally(gate.check(List.of(s), history.load(List.of(s)).set(), history.name()));
      w.forEach((k, n) -> slow.merge(k, n, Integer::sum));
      caughtRuns += w.getOrDefault(Verdict.SLOWER, 0) > 0 ? 1 : 0;
      publish(store, s, "pr-slowed", "slowed-" + i);
      perRun.add(String.format(Locale.ROOT, "| %d | %s | %s |", i + 1, counts(v), counts(w)));
      System.out.println("history rerun " + (i + 1) + ": unchanged " + counts(v) + "; 2x slower " + counts(w));
    }
    List<String> report = new ArrayList<>();
    int verdicts = same.values().stream().mapToInt(Integer::intValue).sum();
    int wrong = same.getOrDefault(Verdict.SLOWER, 0) + same.getOrDefault(Verdict.FASTER, 0);
    int slowCases = slow.values().stream().mapToInt(Integer::intValue).sum();
    report.add("");
    report.add(String.format(Locale.ROOT, "### Against the history: the last 10 clean runs of main (%d baseline runs "
        + "published first, each unchanged rerun published after its verdict)", baselineRuns));
    report.add("");
    report.add("| rerun | unchanged code | 2x slower code |");
    report.add("|---|---|---|");
    report.addAll(perRun);
    report.add("");
    report.add(String.format(Locale.ROOT, "- unchanged: SLOWER or FASTER in %d of %d case verdicts (%.1f%%), in %d of "
        + "%d runs; %s", wrong, verdicts, verdicts == 0 ? 0 : 100.0 * wrong / verdicts, falseRuns, reruns,
        counts(same)));
    report.add(String.format(Locale.ROOT, "- 2x slower: the gate failed in %d of %d runs; %d of %d case verdicts "
        + "SLOWER", caughtRuns, reruns, slow.getOrDefault(Verdict.SLOWER, 0), slowCases));
    report.addAll(changePoints(store, reruns));
    return report;
  }

  /**
   * The change points of a history phase's store, computed again ({@code --phases history-changes}): what a change to
   * the detector makes of the same measured series.
   *
   * @param db the store, {@code <work>/runs/history.db}
   * @param reruns how many slowed runs it holds
   * @return the report's lines
   */
  static List<String> changePoints(Path db, int reruns) {
    if (!Files.isRegularFile(db)) {
      throw new IllegalArgumentException("no history store at " + db + ": run --phases history with this --work first");
    }
    return changePoints(HistoryStore.open(StoreLocation.sqlite(db), Credentials.NONE, Duration.ofSeconds(60)),
        reruns);
  }

  // Change points on the measured series: main's (unchanged code throughout), then main's with the slowed runs after.
  private static List<String> changePoints(HistoryStore store, int reruns) {
    ChangePointDetector d = ChangePointDetector.DEFAULT;
    List<Series> main = SeriesReader.read(store, new SeriesQuery(Figure.TIME, null, "main", false));
    List<Series> pr = SeriesReader.read(store, new SeriesQuery(Figure.TIME, null, "pr-slowed", false));
    Map<String, Series> prByCase = new java.util.HashMap<>();
    pr.forEach(s -> prByCase.put(s.caseId(), s));
    int falseMain = 0;
    int points = 0;
    int bounded = 0;
    int found = 0;
    int exact = 0;
    for (Series s : main) {
      falseMain += Change.of(s, d, List.of()).size();
      points += s.clean().size();
      bounded += s.bounded().size() - s.clean().size();
      Series slowed = prByCase.get(s.caseId());
      if (slowed == null) {
        continue;
      }
      List<Point> joined = new ArrayList<>(s.points());
      joined.addAll(slowed.points());
      Series both = new Series(s.caseId(), s.displayName(), s.testbed(), s.backend(), s.precision(), s.figure(),
          joined);
      List<Change> changes = Change.of(both, d, List.of());
      Function<Change, Boolean> atBoundary = c -> c.at().run().branch().equals("pr-slowed")
          && c.before().run().branch().equals("main");
      found += changes.isEmpty() ? 0 : 1;
      exact += changes.stream().anyMatch(atBoundary::apply) ? 1 : 0;
    }
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.ROOT, "- change points on main's measured series (unchanged code, %d series, %d "
        + "clean points and %d flagged with a measured slowdown): %d", main.size(), points, bounded, falseMain));
    if (reruns >= d.minRun()) {
      out.add(String.format(Locale.ROOT, "- main's series followed by the %d slowed runs: a change point in %d of %d "
          + "series, at the first slowed run in %d", reruns, found, main.size(), exact));
    } else {
      out.add(String.format(Locale.ROOT, "- main's series followed by the slowed runs: not measured (%d slowed runs; "
          + "a level needs %d)", reruns, d.minRun()));
    }
    return out;
  }

  private static void publish(HistoryStore store, RunResult run, String branch, String commit) {
    store.publish(RunRecord.of(run, true, null, run.cases().size(), new Provenance(commit, branch, false, null, null,
        null), "results"));
  }

  private static Map<Verdict, Integer> tally(RegressionCheck.Outcome out) {
    Map<Verdict, Integer> n = new EnumMap<>(Verdict.class);
    out.comparisons().forEach(c -> n.merge(c.comparison().verdict(), 1, Integer::sum));
    return n;
  }

  private static String counts(Map<Verdict, Integer> v) {
    List<String> parts = new ArrayList<>();
    for (Verdict verdict : Verdict.values()) {
      parts.add(verdict.name() + " " + v.getOrDefault(verdict, 0));
    }
    return String.join(", ", parts);
  }
}
