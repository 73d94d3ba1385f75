package io.gpubench.results.html;

import io.gpubench.api.AxisValue;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.CaseDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cases of each workload by axis: a table with one column per axis (and precision and backend where they vary)
 * that the page's script filters by a choice per column, so a reader reads "time over n for layout=row against
 * layout=col"; and, for each numeric axis along which some cases differ in that axis alone, a line chart of the median
 * time over it, one line per combination of the other axes (nvbench's most used plot). Values the run set
 * ({@code gpubench.axes.*}) are marked with the key that set them.
 */
final class AxesSection {

  private AxesSection() {}

  /** One workload's cases, in run order, and the axes they have, in order of first appearance. */
  private record Group(String benchmark, String workload, List<CaseResult> cases, List<String> axes) {}

  /**
   * Writes the section of a run, when some workload has two cases or more with axes.
   *
   * @param m the page
   * @param charts the chart data
   * @param run the run
   * @param index the run's position, for unique anchors
   */
  static void write(Markup m, ChartData charts, RunResult run, int index) {
    List<Group> groups = groups(run);
    if (groups.isEmpty()) {
      return;
    }
    m.open("section", "class", "axes", "id", "axes-" + index);
    m.el("h3", "By axis");
    m.el("p", "Each workload's cases with their axes as columns: choose values to filter. A chart draws the median "
        + "time over a numeric axis wherever cases differ in it alone, one line per choice of the other axes.",
        "class", "muted");
    groups.forEach(g -> group(m, charts, g));
    m.close("section");
  }

  /**
   * Writes a case's overridden axes, where the run set some.
   *
   * @param m the page
   * @param c the case
   */
  static void overrides(Markup m, CaseResult c) {
    if (c.axisOverrides().isEmpty()) {
      return;
    }
    List<String> parts = new ArrayList<>();
    c.axisOverrides().forEach((axis, key) -> parts.add(axis + "=" + text(c, axis) + " (" + key + ")"));
    m.el("p", "Axes the run set, not the class: " + String.join(", ", parts), "class", "axis-overrides");
  }

  private static List<Group> groups(RunResult run) {
    Map<String, List<CaseResult>> byWorkload = new LinkedHashMap<>();
    for (CaseResult c : run.cases()) {
      byWorkload.computeIfAbsent(c.benchmark() + "#" + c.workload(), k -> new ArrayList<>()).add(c);
    }
    List<Group> groups = new ArrayList<>();
    byWorkload.forEach((key, cases) -> {
      Set<String> axes = new LinkedHashSet<>();
      cases.forEach(c -> axes.addAll(c.shape().keySet()));
      if (cases.size() >= 2 && !axes.isEmpty()) {
        CaseResult first = cases.get(0);
        groups.add(new Group(first.benchmark(), first.workload(), cases, List.copyOf(axes)));
      }
    });
    return groups;
  }

  private static void group(Markup m, ChartData charts, Group g) {
    String simple = g.benchmark() == null ? "" : g.benchmark().substring(g.benchmark().lastIndexOf('.') + 1);
    m.open("div", "class", "axis-group", "data-workload", simple + "#" + g.workload());
    m.el("h4", simple + "#" + g.workload(), "class", "axis-title");
    List<Column> columns = columns(g);
    m.open("div", "class", "filters axis-filters");
    for (Column c : columns) {
      if (c.values().size() > 1) {
        m.open("label").text(c.label() + " ").open("select", "data-col", c.id());
        m.el("option", "all", "value", "");
        c.values().forEach(v -> m.el("option", v, "value", v));
        m.close("select").close("label");
      }
    }
    m.el("span", g.cases().size() + " of " + g.cases().size() + " cases", "class", "muted axis-count");
    m.close("div");
    m.open("div", "class", "scroll").open("table", "class", "axis-table");
    m.open("thead").open("tr");
    columns.forEach(c -> m.el("th", c.label(), "class", c.axis() ? "axis" : null));
    for (String h : new String[] {"Median (95% CI)", "Rate", "Status"}) {
      m.el("th", h);
    }
    m.close("tr").close("thead").open("tbody");
    for (CaseResult c : g.cases()) {
      CaseDigest d = CaseDigest.of(c);
      m.open("tr", "data-case", c.id());
      for (Column col : columns) {
        String v = col.value(c);
        String key = col.axis() ? c.axisOverrides().get(col.label()) : null;
        m.el("td", key == null ? v : v + " *", "data-col", col.id(), "data-value", v,
            "class", key == null ? null : "overridden", "title", key == null ? null : "set by " + key);
      }
      m.el("td", d.time(), "class", "num");
      m.el("td", d.rate(), "class", "num");
      m.open("td");
      Badges.status(m, c.status());
      m.close("td");
      m.close("tr");
    }
    m.close("tbody").close("table").close("div");
    if (g.cases().stream().anyMatch(c -> !c.axisOverrides().isEmpty())) {
      m.el("p", "* set by the run (gpubench.axes.*), not declared by the class", "class", "muted");
    }
    lines(m, charts, g, columns);
    m.close("div");
  }

  /** A column: an axis, or the precision or backend where the group has several. */
  private record Column(String id, String label, boolean axis, List<String> values) {
    String value(CaseResult c) {
      if (!axis) {
        return id.equals("precision") ? String.valueOf(c.precision()) : String.valueOf(c.backend());
      }
      AxisValue v = c.shape().get(label);
      return v == null ? "" : v.text();
    }
  }

  private static List<Column> columns(Group g) {
    List<Column> columns = new ArrayList<>();
    for (String axis : g.axes()) {
      columns.add(new Column("axis:" + axis, axis, true, distinct(g, c -> text(c, axis))));
    }
    List<String> precisions = distinct(g, c -> String.valueOf(c.precision()));
    List<String> backends = distinct(g, c -> String.valueOf(c.backend()));
    if (precisions.size() > 1) {
      columns.add(new Column("precision", "precision", false, precisions));
    }
    if (backends.size() > 1) {
      columns.add(new Column("backend", "backend", false, backends));
    }
    return columns;
  }

  private static List<String> distinct(Group g, java.util.function.Function<CaseResult, String> f) {
    return g.cases().stream().map(f).distinct().toList();
  }

  private static String text(CaseResult c, String axis) {
    AxisValue v = c.shape().get(axis);
    return v == null ? "" : v.text();
  }

  /**
   * One chart per numeric axis along which some timed cases differ in it alone: the cases are grouped by everything
   * else (the other axes, precision and backend), and each group of two cases or more is a line.
   */
  private static void lines(Markup m, ChartData charts, Group g, List<Column> columns) {
    List<CaseResult> timed = g.cases().stream().filter(c -> Double.isFinite(c.medianNanos())).toList();
    for (String axis : g.axes()) {
      if (!timed.stream().allMatch(c -> c.shape().get(axis) == null || c.shape().get(axis).kind().numeric())) {
        continue;
      }
      Map<String, List<CaseResult>> lines = new LinkedHashMap<>();
      for (CaseResult c : timed) {
        if (c.shape().get(axis) != null) {
          lines.computeIfAbsent(rest(c, axis, columns), k -> new ArrayList<>()).add(c);
        }
      }
      lines.values().removeIf(l -> l.stream().map(c -> c.shape().get(axis).text()).distinct().count() < 2);
      if (lines.isEmpty()) {
        continue;
      }
      List<ChartData.Line> series = new ArrayList<>();
      lines.forEach((name, cases) -> series.add(new ChartData.Line(name.isEmpty() ? g.workload() : name,
          cases.stream().map(c -> new double[] {c.shape().get(axis).number().doubleValue(), c.medianNanos()})
              .sorted(java.util.Comparator.comparingDouble(p -> p[0])).toList())));
      m.open("figure", "class", "chart-box wide");
      m.el("div", null, "class", "chart tall", "data-chart", charts.axisLine(axis, series), "role", "img",
          "aria-label", g.workload() + ": median time over " + axis);
      m.el("figcaption", g.workload() + ": median time per call over " + axis + ", one line per "
          + (series.size() == 1 ? "case series" : "choice of the other axes") + ".");
      m.close("figure");
    }
  }

  /** The case's other coordinates, those that vary in the group: {@code layout=row, FP16}. */
  private static String rest(CaseResult c, String axis, List<Column> columns) {
    List<String> parts = new ArrayList<>();
    for (Column col : columns) {
      if (col.axis() && col.label().equals(axis) || col.values().size() < 2) {
        continue;
      }
      parts.add(col.axis() ? col.label() + "=" + col.value(c) : col.value(c));
    }
    return String.join(", ", parts);
  }
}
