package io.gpubench.history.page;

import io.gpubench.history.changes.Change;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.Series;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.html.InlinePage;
import io.gpubench.results.html.Markup;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The history page: one self-contained HTML file, built like the report ({@link InlinePage}: ECharts and the data
 * inlined, a Content-Security-Policy that allows only its own scripts and no fetch), that opens from disk with no
 * network. A "what changed" table of the change points in the last commits; a table of every case with its trend
 * drawn small and its last change point; per case a trend chart of the median with its 95% interval band per run,
 * change points marked and flagged runs drawn apart; a click on a point shows that run (commit, time, CI link,
 * figures) and its comparison with the run before; filters by testbed, branch, backend and precision. Every string
 * from the store is escaped by {@link Markup} or set as text by the script.
 */
public final class HistoryPage {

  private HistoryPage() {}

  /**
   * Writes the page atomically.
   *
   * @param h the history
   * @param commits how many of the newest commits "what changed" looks at
   * @param comparator the comparison of each run with the one before (the gate's settings)
   * @param file the target
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void write(History h, int commits, CaseComparator comparator, Path file) {
    ResultsFile.writeAtomically(file, render(h, commits, comparator));
  }

  /**
   * The page as HTML text.
   *
   * @param h the history
   * @param commits how many of the newest commits "what changed" looks at
   * @param comparator the comparison of each run with the one before
   * @return the page
   */
  public static String render(History h, int commits, CaseComparator comparator) {
    Map<String, List<Change>> bySeries = new HashMap<>();
    h.changes().forEach(c -> bySeries.computeIfAbsent(PageData.key(c.series()), k -> new ArrayList<>()).add(c));
    Markup body = new Markup();
    String title = "gpubench history";
    body.open("header").el("h1", title);
    body.el("p", overview(h), "class", "overview");
    body.close("header").open("main");
    filters(body, h);
    whatChanged(body, h, commits);
    cases(body, h, bySeries);
    body.open("section", "id", "trend");
    body.el("h2", "Trend", "id", "trend-title");
    body.open("label", "class", "figure-choice").text("Figure ");
    body.open("select", "id", "figure").close("select").close("label");
    body.el("p", "Median time per call with its 95% interval per run; red lines are change points, green ones "
        + "accepted; grey triangles are runs flagged throttled, shared or contended (shown, never used for change "
        + "points or baselines). Click a point to see its run.", "class", "hint", "id", "trend-hint");
    body.open("div", "id", "trend-chart", "class", "chart", "data-chart", "trend").close("div");
    body.open("div", "id", "run-detail", "class", "run-detail").el("p", "No run selected.", "class", "hint")
        .close("div");
    body.close("section");
    body.close("main");
    body.el("footer", "gpubench · charts by Apache ECharts " + InlinePage.echartsVersion()
        + " (Apache License 2.0), inlined so this file needs no network.");
    return InlinePage.render(title + ": " + h.store(), body, PageData.json(h, comparator), resource("history.js"),
        InlinePage.reportStyle() + resource("history.css"));
  }

  private static String overview(History h) {
    long testbeds = h.cases().stream().map(Series::testbed).distinct().count();
    String span = h.runs().isEmpty() ? "no runs yet" : "from " + day(h.runs().get(0).startedAt()) + " to "
        + day(h.runs().get(h.runs().size() - 1).startedAt());
    return String.format(Locale.ROOT, "%s: %d runs, %d cases on %d %s, %s; %d change points, %d accepted.",
        h.store(), h.runs().size(), h.cases().size(), testbeds, testbeds == 1 ? "testbed" : "testbeds", span,
        h.changes().size(), h.accepted().size());
  }

  private static void filters(Markup m, History h) {
    m.open("div", "class", "filters", "id", "filters");
    select(m, "testbed", "Testbed", h.cases().stream().map(Series::testbed).toList());
    select(m, "branch", "Branch", h.runs().stream().map(RunInfo::branch).filter(b -> b != null).toList());
    select(m, "backend", "Backend", h.cases().stream().map(Series::backend).filter(b -> b != null).toList());
    select(m, "precision", "Precision", h.cases().stream().map(Series::precision).filter(b -> b != null).toList());
    m.close("div");
  }

  private static void select(Markup m, String id, String label, List<String> values) {
    m.open("label").text(label + " ");
    m.open("select", "id", "filter-" + id, "data-filter", id).el("option", "all", "value", "");
    for (String v : new TreeSet<>(values)) {
      m.el("option", v, "value", v);
    }
    m.close("select").close("label");
  }

  private static void whatChanged(Markup m, History h, int commits) {
    List<Change> changed = h.changedInLast(commits);
    int seen = Math.min(commits, h.commitsNewestFirst().size());
    m.open("section", "id", "changes");
    m.el("h2", "What changed in the last " + seen + (seen == 1 ? " commit" : " commits"));
    if (changed.isEmpty()) {
      m.el("p", "No case changed level.", "class", "hint");
      m.close("section");
      return;
    }
    m.open("table", "class", "changes").open("thead").open("tr");
    for (String c : List.of("Case", "Testbed", "Figure", "Commit", "Change", "Confidence", "Before → after",
        "Accepted")) {
      m.el("th", c);
    }
    m.close("tr").close("thead").open("tbody");
    for (Change c : changed) {
      RunInfo r = c.at().run();
      m.open("tr", "class", c.regression() && c.accepted() == null ? "slower" : null, "data-case", c.series().caseId(),
          "data-testbed", c.series().testbed(), "data-figure", c.series().figure().key());
      m.open("td").el("span", c.series().displayName(), "class", "case-name").el("code", c.series().caseId(),
          "class", "case-id").close("td");
      m.el("td", c.series().testbed());
      m.el("td", c.series().figure().key());
      m.el("td", r.commit() == null ? "run " + r.runId() : r.commit().substring(0, Math.min(10, r.commit().length())));
      m.el("td", c.shift());
      m.el("td", String.format(Locale.ROOT, "%.4f", c.stats().confidence()));
      m.el("td", c.levels());
      m.el("td", c.accepted() == null ? "no" : "yes: " + c.accepted().reason());
      m.close("tr");
    }
    m.close("tbody").close("table").close("section");
  }

  private static void cases(Markup m, History h, Map<String, List<Change>> bySeries) {
    m.open("section", "id", "cases");
    m.el("h2", "Cases");
    m.open("table", "class", "cases").open("thead").open("tr");
    for (String c : List.of("Case", "Testbed", "Runs", "Latest median", "Trend", "Last change point")) {
      m.el("th", c);
    }
    m.close("tr").close("thead").open("tbody");
    for (int i = 0; i < h.cases().size(); i++) {
      Series s = h.cases().get(i);
      List<Change> all = bySeries.getOrDefault(PageData.key(s), List.of());
      List<Change> changes = all.stream().filter(c -> c.series().figure() == s.figure()).toList();
      Point last = History.lastClean(s);
      m.open("tr", "class", "case-row", "data-series", String.valueOf(i), "tabindex", "0");
      m.open("td").el("span", s.displayName() == null ? s.caseId() : s.displayName(), "class", "case-name")
          .el("code", s.caseId(), "class", "case-id").close("td");
      m.el("td", s.testbed());
      m.el("td", String.valueOf(s.points().size()));
      m.el("td", last == null ? Figures.ABSENT : s.figure().format(last.value()));
      m.open("td");
      Sparkline.write(m, s, changes);
      m.close("td");
      // The newest change of the case in any figure: a memory change shows here as a time change does.
      Change lastChange = all.isEmpty() ? null : all.get(all.size() - 1);
      m.el("td", lastChange == null ? "none" : (lastChange.series().figure() == s.figure() ? ""
          : lastChange.series().figure().key() + " ") + lastChange.shift() + " at "
          + (lastChange.at().run().commit() == null ? "run " + lastChange.at().run().runId()
          : lastChange.at().run().commit().substring(0, Math.min(10, lastChange.at().run().commit().length())))
          + (lastChange.accepted() != null ? " (accepted)" : ""));
      m.close("tr");
    }
    m.close("tbody").close("table").close("section");
  }

  private static String day(String iso) {
    return iso == null || iso.length() < 10 ? String.valueOf(iso) : iso.substring(0, 10);
  }

  private static String resource(String name) {
    try (InputStream in = HistoryPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " of the history page is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + name + ": " + e.getMessage(), e);
    }
  }
}
