package io.gpubench.results.html;

import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.Leaderboard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The model-suite leaderboard: a chart per model (samples/s per device, one bar per precision) and one table of
 * every entry that the page's script sorts (click a column heading) and filters (text, model, precision). Cells
 * carry their raw value in {@code data-value} so sorting is numeric where the text has units.
 */
final class LeaderboardSection {

  private LeaderboardSection() {}

  static void write(Markup m, ChartData charts, Leaderboard board) {
    if (board.entries().isEmpty()) {
      return;
    }
    m.open("section", "id", "leaderboard");
    m.el("h2", "Leaderboard: training throughput");
    m.el("p", "Samples per second of every model suite case that passed, per device and precision. Click a heading "
        + "to sort; type or choose to filter.", "class", "muted");
    Map<String, List<Leaderboard.Entry>> byModel = new LinkedHashMap<>();
    for (Leaderboard.Entry e : board.entries()) {
      byModel.computeIfAbsent(e.model(), k -> new ArrayList<>()).add(e);
    }
    m.open("div", "class", "chart-row");
    byModel.forEach((model, entries) -> {
      m.open("figure", "class", "chart-box");
      m.el("div", null, "class", "chart", "data-chart", charts.leaderboard(model, entries), "role", "img",
          "aria-label", model + " samples per second");
      m.el("figcaption", model + ": samples/s per device and precision");
      m.close("figure");
    });
    m.close("div");
    filters(m, board);
    m.open("table", "class", "leaderboard", "id", "leaderboard-table");
    m.open("thead").open("tr");
    String[][] headings = {{"Model", "text"}, {"Device", "text"}, {"Precision", "text"}, {"Batch", "num"},
        {"Samples/s", "num"}, {"Of best", "num"}, {"Run", "text"}};
    for (String[] h : headings) {
      m.open("th", "data-sort", h[1], "tabindex", "0", "aria-sort", "none").text(h[0]).close("th");
    }
    m.close("tr").close("thead").open("tbody");
    for (Leaderboard.Entry e : board.entries()) {
      m.open("tr", "data-model", e.model(), "data-precision", e.precision());
      m.el("td", e.model());
      m.el("td", e.device(), "title", e.backend());
      m.el("td", e.precision());
      m.el("td", e.batchSize() == null ? Figures.ABSENT : e.batchSize().toString(), "class", "num", "data-value",
          e.batchSize() == null ? "" : e.batchSize().toString());
      m.el("td", Figures.number(e.samplesPerSecond()), "class", "num", "data-value", raw(e.samplesPerSecond()));
      m.open("td", "class", "num", "data-value", raw(e.shareOfBest()));
      m.open("span", "class", "meter");
      m.el("span", null, "class", "meter-fill", "style",
          String.format(Locale.ROOT, "width:%.1f%%", Math.min(1, e.shareOfBest()) * 100));
      m.close("span").text(" " + Figures.percent(e.shareOfBest())).close("td");
      m.el("td", e.run(), "title", e.caseId());
      m.close("tr");
    }
    m.close("tbody").close("table");
    m.close("section");
  }

  private static void filters(Markup m, Leaderboard board) {
    TreeSet<String> models = new TreeSet<>();
    TreeSet<String> precisions = new TreeSet<>();
    board.entries().forEach(e -> {
      models.add(e.model());
      precisions.add(e.precision());
    });
    m.open("div", "class", "filters");
    m.open("label").text("Filter ")
        .empty("input", "type", "search", "id", "leaderboard-filter", "placeholder", "device, model, run …")
        .close("label");
    select(m, "leaderboard-model", "Model", models);
    select(m, "leaderboard-precision", "Precision", precisions);
    m.close("div");
  }

  private static void select(Markup m, String id, String label, TreeSet<String> values) {
    m.open("label").text(label + " ").open("select", "id", id);
    m.el("option", "all", "value", "");
    values.forEach(v -> m.el("option", v, "value", v));
    m.close("select").close("label");
  }

  private static String raw(double v) {
    return Double.toString(v);
  }
}
