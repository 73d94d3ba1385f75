package io.gpubench.results.html;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.glance.FlagNotes;
import java.util.EnumMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * One run: its first view, the summary table of every case that ran, the environment, the cases by axis
 * ({@link AxesSection}) and the detail card of every case that ran.
 */
final class RunSection {

  private RunSection() {}

  /**
   * Writes the run's overview: its label, counts, the summary table of every case and the environment.
   *
   * @param m the page
   * @param charts the chart data, for the first view's chart
   * @param run the run
   * @param index the run's position, for unique anchors
   * @param label the run's label
   */
  static void overview(Markup m, ChartData charts, RunResult run, int index, String label) {
    m.open("section", "class", "run", "id", "run-" + index);
    m.el("h2", label);
    m.el("p", counts(run) + " · run " + run.runId() + " · " + run.startedAt() + " → " + run.finishedAt(),
        "class", "muted");
    GlanceSection.write(m, charts, run, index);
    summary(m, run, index);
    environment(m, run.environment());
    m.close("section");
  }

  /**
   * Writes the detail card of every case of the run.
   *
   * @param m the page
   * @param charts the chart data
   * @param run the run
   * @param index the run's position, for unique anchors
   * @param label the run's label
   */
  static void cases(Markup m, ChartData charts, RunResult run, int index, String label) {
    m.open("section", "class", "cases", "id", "cases-" + index);
    m.el("h2", "Cases: " + label);
    AxesSection.write(m, charts, run, index);
    for (int i = 0; i < run.cases().size(); i++) {
      // A skipped case has no figures: its reason is said once for its group, at the top, with the list.
      if (run.cases().get(i).status() != CaseStatus.SKIPPED) {
        CaseSection.write(m, charts, run.cases().get(i), anchor(index, i));
      }
    }
    m.close("section");
  }

  static String anchor(int run, int caseIndex) {
    return "r" + run + "-c" + caseIndex;
  }

  private static void summary(Markup m, RunResult run, int index) {
    long ran = run.cases().stream().filter(c -> c.status() != CaseStatus.SKIPPED).count();
    if (ran == 0) {
      m.el("p", "No case ran.", "class", "muted");
      return;
    }
    SummaryFilter.write(m, index, ran);
    m.open("div", "class", "scroll");
    m.open("table", "class", "summary", "id", "summary-" + index);
    m.open("thead").open("tr");
    // A memory column only where a case has a memory figure, so that a run without any keeps its table.
    boolean memory = run.cases().stream().anyMatch(io.gpubench.results.compare.MemoryFigures::any);
    for (String h : memory
        ? new String[] {"Case", "Status", "Median (95% CI)", "Rate", "Memory", "Verdict", "Tightest check", "Flags"}
        : new String[] {"Case", "Status", "Median (95% CI)", "Rate", "Verdict", "Tightest check", "Flags"}) {
      m.el("th", h);
    }
    m.close("tr").close("thead").open("tbody");
    for (int i = 0; i < run.cases().size(); i++) {
      CaseResult c = run.cases().get(i);
      if (c.status() == CaseStatus.SKIPPED) {
        continue;
      }
      CaseDigest d = CaseDigest.of(c);
      m.open("tr", "class", "row-" + (c.status() == null ? "UNKNOWN" : c.status().name()), "data-status",
          GlanceSection.tileStatus(c));
      m.open("td").el("a", c.displayName() != null ? c.displayName() : c.id(), "href", "#" + anchor(index, i))
          .close("td");
      m.open("td");
      Badges.status(m, c.status());
      m.close("td");
      m.el("td", d.time(), "class", "num");
      m.el("td", d.rate(), "class", "num");
      if (memory) {
        m.el("td", io.gpubench.results.compare.MemoryFigures.cell(c), "class", "num");
      }
      m.el("td", d.verdict());
      m.el("td", d.tightest() == null ? ""
          : d.tightest().metric().label() + " " + Figures.percent(d.tightest().usedShare()));
      m.open("td");
      Badges.flags(m, FlagNotes.of(c));
      m.close("td");
      m.close("tr");
    }
    m.close("tbody").close("table").close("div");
  }

  private static void environment(Markup m, Environment env) {
    m.open("details", "class", "environment", "open", "");
    m.el("summary", "Environment");
    if (env == null) {
      m.el("p", "Not recorded.").close("details");
      return;
    }
    m.open("dl");
    item(m, "host", env.host());
    item(m, "OS", env.os() + " (" + env.arch() + ")");
    item(m, "CPU", env.cpu() + ", " + env.cpuCores() + " logical processors");
    if (env.memoryBytes() != null) {
      item(m, "memory", Figures.rate(env.memoryBytes().doubleValue(), "B"));
    }
    item(m, "JVM", env.jvm());
    item(m, "gpubench", env.gpubenchVersion() + (env.gitRevision() == null ? "" : " @ " + env.gitRevision()));
    m.close("dl");
    m.open("table", "class", "devices");
    m.open("tr").el("th", "device").el("th", "name").el("th", "available").el("th", "properties").close("tr");
    for (DeviceInfo d : env.devices()) {
      StringJoiner props = new StringJoiner(", ");
      new TreeMap<>(d.properties()).forEach((k, v) -> props.add(k + "=" + v));
      m.open("tr").el("td", d.id().toString()).el("td", d.name())
          .el("td", d.available() ? "yes" : "no: " + d.unavailableReason()).el("td", props.toString()).close("tr");
    }
    m.close("table");
    pairs(m, "Libraries", env.libraries());
    pairs(m, "Configuration", env.configuration());
    m.close("details");
  }

  private static void pairs(Markup m, String title, Map<String, String> map) {
    if (map.isEmpty()) {
      return;
    }
    m.el("h4", title).open("dl", "class", "pairs");
    new TreeMap<>(map).forEach((k, v) -> item(m, k, v));
    m.close("dl");
  }

  private static String counts(RunResult run) {
    Map<CaseStatus, Integer> n = new EnumMap<>(CaseStatus.class);
    run.cases().forEach(c -> n.merge(c.status(), 1, Integer::sum));
    StringJoiner parts = new StringJoiner(", ");
    n.forEach((s, k) -> parts.add(k + " " + s.name().toLowerCase(java.util.Locale.ROOT)));
    return run.cases().size() + " cases: " + parts;
  }

  private static void item(Markup m, String term, String value) {
    m.el("dt", term).el("dd", value);
  }
}
