package io.gpubench.results.html;

/**
 * The controls above a run's summary table: a text filter and a status filter, with the count shown. The page's
 * script does the filtering ({@code report.js}, {@code summaryFilters}); a run of a thousand cases is filtered by
 * toggling rows, never by building them again.
 */
final class SummaryFilter {

  private SummaryFilter() {}

  /**
   * Writes the controls for the summary table {@code summary-<index>}.
   *
   * @param m the page
   * @param index the run's position
   * @param rows how many rows the table has
   */
  static void write(Markup m, int index, long rows) {
    m.open("div", "class", "filters summary-filters", "data-table", "summary-" + index);
    m.open("label").text("Filter ").empty("input", "type", "search", "class", "summary-text", "placeholder",
        "case, workload, precision…", "aria-label", "filter the cases by text").close("label");
    m.open("label").text("Status ").open("select", "class", "summary-status", "aria-label", "filter the cases by status");
    m.el("option", "all", "value", "");
    for (String s : new String[] {"not passed", "FLAGGED", "FAILED", "ERROR", "PASSED"}) {
      m.el("option", s.toLowerCase(java.util.Locale.ROOT), "value", s);
    }
    m.close("select").close("label");
    m.el("span", rows + " of " + rows + " cases", "class", "muted summary-count", "aria-live", "polite");
    m.close("div");
  }
}
