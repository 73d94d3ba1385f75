package io.gpubench.results.html;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Comparison;
import io.gpubench.results.compare.Leaderboard;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the HTML report: one self-contained file (ECharts, the data, the script and the style are all inlined) that
 * opens from disk with no network. One run gives the single-run report; several runs give a comparison whose first
 * run is the baseline, followed by each run's own sections. A leaderboard appears wherever model-suite cases
 * report samples per second.
 *
 * <p>Every string from the results is escaped as HTML text, or, inside the embedded chart data, as JSON with
 * {@code <}, {@code >} and {@code &} written as unicode escapes. A Content-Security-Policy allows only the page's
 * own inline scripts (by hash) and no fetch at all, so even a missed escape could neither run a script nor call
 * out.
 */
public final class HtmlReport {

  private HtmlReport() {}

  /**
   * Writes the report atomically, creating the folder.
   *
   * @param runs one run, or several to compare (the first is the baseline)
   * @param file the target, such as {@code target/gpubench/report.html}
   * @throws IllegalArgumentException when there is no run
   * @throws java.io.UncheckedIOException naming the file when it cannot be written
   */
  public static void write(List<RunResult> runs, Path file) {
    write(runs, file, CaseComparator.DEFAULT);
  }

  /**
   * Writes the report atomically with a comparison's level and minimum effect (the gate's, so that both agree).
   *
   * @param runs one run, or several to compare (the first is the baseline)
   * @param file the target
   * @param comparator the comparison
   * @throws IllegalArgumentException when there is no run
   * @throws java.io.UncheckedIOException naming the file when it cannot be written
   */
  public static void write(List<RunResult> runs, Path file, CaseComparator comparator) {
    write(runs, file, comparator, List.of());
  }

  /**
   * Writes the report atomically with notices shown under its title: what the reader must know before reading a
   * figure (a sharded run with shards missing, a run that did not end).
   *
   * @param runs one run, or several to compare (the first is the baseline)
   * @param file the target
   * @param comparator the comparison
   * @param notices the notices, each one line; none for a run that needs none
   * @throws IllegalArgumentException when there is no run
   * @throws java.io.UncheckedIOException naming the file when it cannot be written
   */
  public static void write(List<RunResult> runs, Path file, CaseComparator comparator, List<String> notices) {
    ResultsFile.writeAtomically(file, render(runs, comparator, notices));
  }

  /**
   * The report as HTML text.
   *
   * @param runs one run, or several to compare (the first is the baseline)
   * @return the page
   * @throws IllegalArgumentException when there is no run
   */
  public static String render(List<RunResult> runs) {
    return render(runs, CaseComparator.DEFAULT);
  }

  /**
   * The report as HTML text, with a comparison's level and minimum effect.
   *
   * @param runs one run, or several to compare (the first is the baseline)
   * @param comparator the comparison
   * @return the page
   * @throws IllegalArgumentException when there is no run
   */
  public static String render(List<RunResult> runs, CaseComparator comparator) {
    return render(runs, comparator, List.of());
  }

  /**
   * The report as HTML text, with notices under its title.
   *
   * @param runs one run, or several to compare (the first is the baseline)
   * @param comparator the comparison
   * @param notices the notices, each one line
   * @return the page
   * @throws IllegalArgumentException when there is no run
   */
  public static String render(List<RunResult> runs, CaseComparator comparator, List<String> notices) {
    if (runs == null || runs.isEmpty()) {
      throw new IllegalArgumentException("the HTML report needs at least one run; got none");
    }
    Assets assets = Assets.get();
    Comparison cmp = Comparison.of(runs, comparator);
    ChartData charts = new ChartData();
    Markup body = new Markup();
    String title = runs.size() == 1 ? "gpubench report: " + cmp.labels().get(0)
        : "gpubench comparison of " + runs.size() + " runs";
    Leaderboard board = Leaderboard.of(runs);
    body.open("header").el("h1", title);
    for (String notice : notices) {
      body.el("p", notice, "class", "notice warn", "role", "alert");
    }
    nav(body, cmp, runs.size() > 1, !board.entries().isEmpty());
    body.close("header").open("main");
    // One run: what it is and how it went first, then the leaderboard, then the detail. Several: the comparison
    // first (it is why the reader asked for several), then each run whole.
    if (runs.size() == 1) {
      RunSection.overview(body, charts, runs.get(0), 0, cmp.labels().get(0));
      LeaderboardSection.write(body, charts, board);
      RunSection.cases(body, charts, runs.get(0), 0, cmp.labels().get(0));
    } else {
      ComparisonSection.write(body, charts, cmp);
      LeaderboardSection.write(body, charts, board);
      for (int r = 0; r < runs.size(); r++) {
        RunSection.overview(body, charts, runs.get(r), r, cmp.labels().get(r));
        RunSection.cases(body, charts, runs.get(r), r, cmp.labels().get(r));
      }
    }
    body.close("main");
    body.el("footer", "gpubench · charts by Apache ECharts " + assets.echartsVersion()
        + " (Apache License 2.0), inlined so this file needs no network.");

    return InlinePage.render(title, body, charts.json(), assets.script(), assets.style());
  }

  private static void nav(Markup m, Comparison cmp, boolean comparing, boolean leaderboard) {
    m.open("nav");
    if (comparing) {
      m.el("a", "Comparison", "href", "#comparison");
    }
    if (leaderboard) {
      m.el("a", "Leaderboard", "href", "#leaderboard");
    }
    for (int r = 0; r < cmp.runs().size(); r++) {
      m.el("a", cmp.labels().get(r), "href", "#run-" + r);
    }
    m.close("nav");
  }

}
