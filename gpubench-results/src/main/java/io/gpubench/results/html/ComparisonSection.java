package io.gpubench.results.html;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.Comparison;
import io.gpubench.results.compare.Figures;

/**
 * Several runs side by side: one row per case, each run's median with its interval, and for every run after the
 * baseline the time ratio and the verdict of {@link io.gpubench.results.compare.CaseComparator} (the gate's rule),
 * its reason in the cell's title; then a chart of the ratios.
 */
final class ComparisonSection {

  private ComparisonSection() {}

  static void write(Markup m, ChartData charts, Comparison cmp) {
    m.open("section", "id", "comparison");
    m.el("h2", "Comparison");
    m.el("p", "Baseline: " + cmp.labels().get(0) + ". Ratio: a run's median time over the baseline's (below ×1 is "
        + "faster). Verdict: the gate's comparison (SAME, FASTER, SLOWER, or AMBIGUOUS with the rule that made it "
        + "so; hover for the reason). One run on each side is provisional: the spread between runs is not measured. "
        + "Cases that did not pass on both sides are not compared.", "class", "muted");
    m.open("div", "class", "scroll").open("table", "class", "comparison");
    m.open("thead").open("tr").el("th", "Case");
    for (int r = 0; r < cmp.runs().size(); r++) {
      m.el("th", (r == 0 ? "baseline: " : "") + cmp.labels().get(r));
      if (r > 0) {
        m.el("th", "ratio").el("th", "verdict");
      }
    }
    m.close("tr").close("thead").open("tbody");
    for (Comparison.Row row : cmp.rows()) {
      m.open("tr").el("td", row.displayName());
      for (int r = 0; r < cmp.runs().size(); r++) {
        m.el("td", figure(row.cases().get(r)), "class", "num");
        if (r > 0) {
          CaseComparison ch = row.changes().get(r - 1);
          m.el("td", Figures.ratio(ch.ratio()), "class", "num");
          m.el("td", ch.verdictText(), "class", "verdict verdict-" + ch.verdict().name(), "title", ch.reason());
        }
      }
      m.close("tr");
    }
    m.close("tbody").close("table").close("div");
    String chart = charts.ratios(cmp);
    if (chart != null) {
      m.open("figure", "class", "chart-box wide");
      m.el("div", null, "class", "chart tall", "data-chart", chart, "role", "img", "aria-label", "time ratios");
      m.el("figcaption", "Median time relative to the baseline, per case (the line at 1 is the baseline).");
      m.close("figure");
    }
    m.close("section");
  }

  private static String figure(CaseResult c) {
    if (c == null) {
      return "absent";
    }
    return c.status() == CaseStatus.PASSED ? CaseDigest.time(c) : c.status().name().toLowerCase(java.util.Locale.ROOT);
  }
}
