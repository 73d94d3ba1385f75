package io.gpubench.results.html;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.glance.FlagNotes;
import io.gpubench.results.glance.SkipGroup;
import io.gpubench.results.glance.SkipGroups;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The first view of a run, above its table: a tile per case grouped by class and coloured by status (a failed or
 * flagged case stands out among a hundred without a row being read), the share of the roofline bound each case with
 * a declared cost reached (a slow case sits low), and the skipped cases folded into one line per reason, each
 * opening onto its list.
 */
final class GlanceSection {

  private GlanceSection() {}

  /** The status a tile shows: a passed case with a flag is told apart, since its figure needs a second look. */
  static String tileStatus(CaseResult c) {
    String status = c.status() == null ? "UNKNOWN" : c.status().name();
    return c.status() == CaseStatus.PASSED && !FlagNotes.of(c).isEmpty() ? "FLAGGED" : status;
  }

  /**
   * The element id of a skip group, which a skipped case's tile links to.
   *
   * @param run the run's position
   * @param group the group's position
   * @return the id
   */
  static String skipAnchor(int run, int group) {
    return "r" + run + "-skip-" + group;
  }

  /**
   * Writes the first view.
   *
   * @param m the page
   * @param charts the chart data
   * @param run the run
   * @param index the run's position, for unique anchors
   */
  static void write(Markup m, ChartData charts, RunResult run, int index) {
    List<CaseResult> cases = run.cases();
    List<SkipGroup> groups = SkipGroups.of(cases);
    Map<CaseResult, String> skipLinks = new IdentityHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      for (CaseResult c : groups.get(g).cases()) {
        skipLinks.put(c, "#" + skipAnchor(index, g));
      }
    }
    m.open("section", "class", "glance", "id", "glance-" + index, "aria-label", "the run at a glance");
    tiles(m, cases, index, skipLinks);
    roofline(m, charts, cases, index);
    skipped(m, groups, index);
    m.close("section");
  }

  private static void tiles(Markup m, List<CaseResult> cases, int index, Map<CaseResult, String> skipLinks) {
    Map<String, List<Integer>> byClass = new LinkedHashMap<>();
    Map<String, Integer> tally = new LinkedHashMap<>();
    for (int i = 0; i < cases.size(); i++) {
      byClass.computeIfAbsent(simpleName(cases.get(i)), k -> new ArrayList<>()).add(i);
      tally.merge(tileStatus(cases.get(i)), 1, Integer::sum);
    }
    m.open("div", "class", "tile-legend");
    for (String s : List.of("PASSED", "FLAGGED", "FAILED", "ERROR", "SKIPPED", "UNKNOWN")) {
      Integer n = tally.get(s);
      if (n != null) {
        m.open("span", "class", "legend-item").el("span", null, "class", "tile t-" + s).text(" " + n + " "
            + s.toLowerCase(Locale.ROOT)).close("span");
      }
    }
    m.close("div");
    m.open("div", "class", "tiles");
    byClass.forEach((type, positions) -> {
      m.open("div", "class", "tile-row");
      m.el("span", type, "class", "tile-class");
      m.open("span", "class", "tile-set");
      for (int i : positions) {
        CaseResult c = cases.get(i);
        String status = tileStatus(c);
        String href = skipLinks.getOrDefault(c, "#" + RunSection.anchor(index, i));
        m.el("a", null, "class", "tile t-" + status, "href", href, "title", title(c, status), "aria-label",
            name(c) + ": " + status.toLowerCase(Locale.ROOT));
      }
      m.close("span").close("div");
    });
    m.close("div");
  }

  private static String title(CaseResult c, String status) {
    CaseDigest d = CaseDigest.of(c);
    StringBuilder t = new StringBuilder(name(c)).append('\n').append(status.toLowerCase(Locale.ROOT));
    if (!Figures.ABSENT.equals(d.time())) {
      t.append(" · ").append(d.time());
    }
    if (c.status() != CaseStatus.PASSED) {
      t.append('\n').append(d.verdict());
    }
    List<String> codes = FlagNotes.codes(FlagNotes.of(c));
    if (!codes.isEmpty()) {
      t.append("\nflags: ").append(String.join(", ", codes));
    }
    return t.toString();
  }

  private static void roofline(Markup m, ChartData charts, List<CaseResult> cases, int index) {
    List<GlancePoint> points = new ArrayList<>();
    int timed = 0;
    for (int i = 0; i < cases.size(); i++) {
      CaseResult c = cases.get(i);
      if (c.timing() != null) {
        timed++;
      }
      Double gap = c.throughput() == null ? null : c.throughput().gap();
      if (c.timing() != null && Figures.present(gap) && gap > 0) {
        points.add(new GlancePoint(i, 1 / gap, name(c), tileStatus(c), CaseDigest.time(c), RunSection.anchor(index, i)));
      }
    }
    String chart = charts.roofline(points);
    if (chart == null) {
      if (timed > 0) {
        m.el("p", "No timed case has a roofline bound (a @Cost and the device's peaks), so there is no roofline view;"
            + " the tiles above and the table below give every case.", "class", "muted glance-note");
      }
      return;
    }
    m.open("figure", "class", "chart-box wide glance-chart");
    m.el("div", null, "class", "chart", "data-chart", chart, "role", "img", "aria-label",
        "share of the roofline bound each case reached");
    m.el("figcaption", "Each case's median against its roofline bound (bound ÷ time: 100% is the device's peak), in"
        + " run order, coloured by status; " + points.size() + " of " + timed + " timed cases declare a cost the"
        + " device's peaks bound. A low point is a slow case; click one for its card.");
    m.close("figure");
  }

  private static void skipped(Markup m, List<SkipGroup> groups, int index) {
    if (groups.isEmpty()) {
      return;
    }
    m.open("div", "class", "skips");
    for (int g = 0; g < groups.size(); g++) {
      SkipGroup group = groups.get(g);
      m.open("details", "class", "skip-group", "id", skipAnchor(index, g));
      m.open("summary").el("span", group.cases().size() + " skipped", "class", "badge status-SKIPPED")
          .text(" " + group.reason() + " (" + group.classes(4) + ")").close("summary");
      String full = group.cases().get(0).message();
      if (full != null && !full.strip().equals(group.reason())) {
        m.el("pre", full, "class", "message skip-message");
      }
      m.open("ul", "class", "skip-list");
      for (CaseResult c : group.cases()) {
        m.open("li").text(name(c) + " ").el("span", c.id(), "class", "case-id").close("li");
      }
      m.close("ul").close("details");
    }
    m.close("div");
  }

  private static String name(CaseResult c) {
    return c.displayName() != null ? c.displayName() : c.id();
  }

  private static String simpleName(CaseResult c) {
    String type = c.benchmark() != null ? c.benchmark() : c.id();
    int hash = type.indexOf('#');
    type = hash < 0 ? type : type.substring(0, hash);
    return type.substring(type.lastIndexOf('.') + 1);
  }
}
