package io.gpubench.results.html;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.result.Timing;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.glance.FlagNote;
import io.gpubench.results.glance.FlagNotes;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The detail card of one case: its figures with the confidence interval, the trial distribution, the correctness
 * margins as shares of their allowances, the roofline gap, memory, the kernels of the audited call, the telemetry
 * timeline with the process's device memory beside it, and, for a case whose trials held a garbage collection, its
 * trials in order with those marked.
 */
final class CaseSection {

  private CaseSection() {}

  /**
   * Writes the card.
   *
   * @param m the page
   * @param charts the chart data
   * @param c the case
   * @param anchor the card's element id
   */
  static void write(Markup m, ChartData charts, CaseResult c, String anchor) {
    CaseDigest d = CaseDigest.of(c);
    m.open("article", "class", "case", "id", anchor);
    m.open("h3").text(c.displayName() != null ? c.displayName() : c.id()).raw(" ");
    Badges.status(m, c.status());
    List<FlagNote> flags = FlagNotes.of(c);
    Badges.flags(m, flags);
    m.close("h3");
    m.el("p", c.id(), "class", "case-id");
    AxesSection.overrides(m, c);
    if (c.message() != null && !c.message().isBlank()) {
      m.el("pre", c.message(), "class", "message");
    }
    flags(m, flags);
    m.open("div", "class", "case-body");
    m.open("div", "class", "figures");
    timing(m, c.timing());
    throughput(m, c);
    memory(m, c.memory());
    m.close("div");
    String histogram = charts.histogram(c);
    if (histogram != null) {
      m.open("figure", "class", "chart-box");
      m.el("div", null, "class", "chart", "data-chart", histogram, "role", "img", "aria-label",
          "distribution of trial times");
      m.el("figcaption", "Trial times per call; band: " + pct(c.timing().primary().confidence())
          + " interval of the median; line: median.");
      m.close("figure");
    }
    m.close("div");
    correctness(m, c.correctness());
    KernelSection.write(m, charts, c.audit());
    telemetry(m, charts, c.telemetry(), c.memory());
    gcTrials(m, charts, c);
    m.close("article");
  }

  /** Each flag of the case spelled out: its code, what it means, and what this case measured behind it. */
  private static void flags(Markup m, List<FlagNote> flags) {
    if (flags.isEmpty()) {
      return;
    }
    m.open("dl", "class", "flags");
    for (FlagNote f : flags) {
      m.open("dt").el("span", f.code(), "class", "badge flag").close("dt");
      m.open("dd").text(f.meaning());
      if (!f.detail().isBlank()) {
        m.el("span", ": " + f.detail(), "class", "flag-detail");
      }
      m.close("dd");
    }
    m.close("dl");
  }

  private static void timing(Markup m, Timing t) {
    if (t == null) {
      m.el("p", "Not timed.", "class", "muted");
      return;
    }
    Statistics s = t.primary();
    m.open("dl");
    item(m, "median", Figures.duration(s.median()) + (t.batch() != null ? " (" + t.deviceClock() + ", "
        + t.batchCalls() + " calls back to back)" : t.device() != null ? " (" + t.deviceClock() + ")" : " (host)"));
    item(m, pct(s.confidence()) + " interval of the median", "[" + Figures.duration(s.ciLow()) + " … "
        + Figures.duration(s.ciHigh()) + "], ±" + Figures.percent(s.relativeHalfWidth()));
    if (t.batch() != null) {
      item(m, "single-call median", Figures.duration(t.device().median()) + " (one call a trial)");
    }
    item(m, "mean", Figures.duration(s.mean()));
    item(m, "min / p90 / p99 / max", Figures.duration(s.min()) + " / " + Figures.duration(s.p90()) + " / "
        + Figures.duration(s.p99()) + " / " + Figures.duration(s.max()));
    item(m, "stdev", Figures.duration(s.stdev()));
    if (t.device() != null) {
      item(m, "host median", Figures.duration(t.host().median()));
    }
    if (t.deviceTiming() != null) {
      item(m, "device timing", t.deviceTiming().name().toLowerCase(Locale.ROOT)
          + (t.deviceTimingReason() == null ? "" : " — " + t.deviceTimingReason()));
    }
    if (t.launchInclusive() != null) {
      item(m, "launch-inclusive median", Figures.duration(t.launchInclusive().median())
          + " (the same calls launched plainly between events)");
    }
    item(m, "trials", s.n() + " × " + t.callsPerTrial() + (t.callsPerTrial() == 1 ? " call" : " calls")
        + ", stopped: " + (t.stop() == null ? "?" : t.stop().name().toLowerCase(Locale.ROOT).replace('_', ' '))
        + (t.stopDetail() == null ? "" : " (" + t.stopDetail() + ")"));
    item(m, "warm-up / first call", t.warmupCalls() + " calls / " + Figures.duration(t.firstCallNanos()));
    item(m, "caches", t.cache() == null ? "?" : t.cache().name().toLowerCase(Locale.ROOT));
    m.close("dl");
  }

  private static void throughput(Markup m, CaseResult c) {
    Throughput t = c.throughput();
    if (t == null && c.metrics().isEmpty() && c.worldSize() == null) {
      return;
    }
    m.open("dl");
    if (c.worldSize() != null) {
      item(m, "world", c.worldSize() + (c.worldSize() == 1 ? " rank" : " ranks, one process and device each; rank 0's "
          + "time and output"));
    }
    for (Map.Entry<String, Metric> metric : c.metrics().entrySet()) {
      String unit = metric.getValue().unit();
      item(m, metric.getKey(), Figures.number(metric.getValue().value()) + (unit.isEmpty() ? "" : " " + unit));
    }
    if (t != null) {
      if (Figures.present(t.itemsPerSecond())) {
        item(m, "items/s", Figures.rate(t.itemsPerSecond(), "items/s")
            + (t.itemsPerCall() == null ? "" : " (" + Figures.number(t.itemsPerCall()) + " per call)"));
      }
      if (Figures.present(t.flopsPerSecond())) {
        item(m, "compute", Figures.rate(t.flopsPerSecond(), "FLOP/s"));
      }
      if (Figures.present(t.bytesPerSecond())) {
        item(m, "bandwidth", Figures.rate(t.bytesPerSecond(), "B/s"));
      }
      if (Figures.present(t.busBytesPerSecond())) {
        item(m, "bus bandwidth", Figures.rate(t.busBytesPerSecond(), "B/s") + " (nccl-tests' busbw: "
            + Figures.rate(t.busBytesPerCall(), "B") + " of bus bytes per call)");
      }
      if (Figures.present(t.gap())) {
        item(m, "roofline gap", Figures.ratio(t.gap()) + " over the " + (t.boundBy() == null ? "" : t.boundBy() + " ")
            + "bound of " + Figures.duration(t.boundNanos()) + " per call"
            + (t.peakSource() == null ? "" : " (peaks: " + t.peakSource() + ")"));
      }
    }
    m.close("dl");
  }

  private static void memory(Markup m, Memory mem) {
    var lines = io.gpubench.results.compare.MemoryFigures.lines(mem);
    if (lines.isEmpty()) {
      return;
    }
    m.open("dl", "class", "memory");
    lines.forEach((label, text) -> item(m, label, text));
    m.close("dl");
  }

  private static void correctness(Markup m, Correctness corr) {
    if (corr == null) {
      return;
    }
    m.open("section", "class", "correctness");
    m.el("h4", "Correctness against the " + (corr.referencePrecision() == null ? "" : corr.referencePrecision()
        + " ") + "reference");
    m.open("table", "class", "checks");
    m.open("tr").el("th", "figure").el("th", "measured").el("th", "allowed").el("th", "margin used").close("tr");
    for (Check k : corr.checks()) {
      String name = k.metric().label();
      double share = k.usedShare();
      m.open("tr", "class", k.passed() ? "check-ok" : "check-failed");
      m.el("td", name);
      m.el("td", Figures.number(k.actual()));
      m.el("td", (k.atLeast() ? "≥ " : "≤ ") + Figures.number(k.allowed()));
      m.open("td");
      double bar = Double.isNaN(share) ? 0 : Math.max(0, Math.min(1, share));
      m.open("span", "class", "meter", "title", name + ": " + Figures.percent(share));
      m.el("span", null, "class", "meter-fill", "style",
          String.format(Locale.ROOT, "width:%.1f%%", bar * 100));
      m.close("span");
      m.text(" " + name + " used " + Figures.percent(share) + " of its allowance");
      m.close("td");
      m.close("tr");
    }
    m.close("table");
    StringBuilder also = new StringBuilder(corr.inputsUnchanged() ? "Inputs unchanged." : "Inputs were changed!");
    if (corr.agreement() != null) {
      also.append(" ").append(corr.callsCompared()).append(" later calls agree with the checked call within max |d| ")
          .append(Figures.number(corr.agreement().maxAbs())).append('.');
    }
    if (corr.error() != null && corr.error().nonFinite() > 0) {
      also.append(" ").append(corr.error().nonFinite()).append(" non-finite output elements.");
    }
    m.el("p", also.toString(), "class", "muted");
    m.close("section");
  }

  private static void telemetry(Markup m, ChartData charts, Telemetry t, Memory mem) {
    if (t == null) {
      return;
    }
    m.open("section", "class", "telemetry");
    m.el("h4", "Telemetry while the trials ran");
    StringBuilder line = new StringBuilder();
    line.append("SM clock mean ").append(mhz(t.smClockMeanMhz())).append(" (min ").append(mhz(t.smClockMinMhz()))
        .append(", device max ").append(mhz(t.smClockMaxMhz())).append(") · power mean ")
        .append(Figures.number(t.powerMeanWatts())).append(" W (max ").append(Figures.number(t.powerMaxWatts()))
        .append(" W) · temperature max ").append(Figures.number(t.temperatureMaxC())).append(" °C");
    m.el("p", line.toString());
    if (t.worldSmClockMeanMhz() != null && t.worldSmClockMeanMhz().size() > 1) {
      StringBuilder ranks = new StringBuilder("SM clock mean of each rank's GPU: ");
      for (int r = 0; r < t.worldSmClockMeanMhz().size(); r++) {
        ranks.append(r == 0 ? "" : ", ").append("rank ").append(r).append(' ').append(mhz(t.worldSmClockMeanMhz().get(r)));
      }
      String spread = Figures.clockSpread(t);
      m.el("p", ranks + (spread == null ? "" : " (they differ by 2% or more: " + spread + ")"), "class",
          spread == null ? "muted" : "warn");
    }
    if (!t.throttleReasons().isEmpty()) {
      m.el("p", "Throttle reasons: " + String.join(", ", t.throttleReasons()), "class", "warn");
    }
    if (!t.otherProcesses().isEmpty()) {
      m.el("p", "Other processes on the GPU: " + String.join(", ", t.otherProcesses()), "class", "warn");
    }
    String chart = charts.telemetry(t);
    String memory = charts.deviceMemory(t, mem);
    if (chart != null || memory != null) {
      m.open("div", "class", "chart-row");
    }
    if (chart != null) {
      m.open("figure", "class", "chart-box");
      m.el("div", null, "class", "chart", "data-chart", chart, "role", "img", "aria-label", "telemetry timeline");
      m.el("figcaption", "SM clock and board power, sampled every " + t.intervalMillis() + " ms.");
      m.close("figure");
    }
    if (memory != null) {
      DeviceMemory d = mem == null ? null : mem.device();
      m.open("figure", "class", "chart-box memory-timeline");
      m.el("div", null, "class", "chart", "data-chart", memory, "role", "img", "aria-label",
          "device memory timeline");
      m.el("figcaption", "This process's device memory at each reading, from every allocator (NVML), while the "
          + "trials ran" + (d == null || d.processPeakBytes() == null ? "." : "; the case's peak from its set-up on: "
          + Figures.bytes(d.processPeakBytes().doubleValue()) + (d.processBeforeBytes() == null ? "" : ", before "
          + "the set-up: " + Figures.bytes(d.processBeforeBytes().doubleValue())) + " (lines)."));
      m.close("figure");
    }
    if (chart != null || memory != null) {
      m.close("div");
    }
    m.close("section");
  }

  /** The trials in order, those during which a collection ran marked: where a CPU case's time per trial went. */
  private static void gcTrials(Markup m, ChartData charts, CaseResult c) {
    String chart = charts.gcTrials(c);
    if (chart == null) {
      return;
    }
    HostMemory h = c.memory().host();
    m.open("section", "class", "gc-trials");
    m.el("h4", "Trials in order");
    m.open("figure", "class", "chart-box wide");
    m.el("div", null, "class", "chart", "data-chart", chart, "role", "img", "aria-label",
        "trials in order, with garbage collections");
    m.el("figcaption", "Time per call of each trial, in the order " + (c.timing().forks().size() > 1
        ? "the first fork made them" : "they ran") + "; red: a garbage collection ran during the trial ("
        + h.gcTrials().size() + " of " + h.trials() + ", " + Figures.number(h.gcPauseMillis()) + " ms of pauses "
        + "in all): its time includes the pause.");
    m.close("figure");
    m.close("section");
  }

  private static String mhz(Double v) {
    return Figures.present(v) ? Figures.number(v) + " MHz" : Figures.ABSENT;
  }

  private static String pct(double confidence) {
    return Figures.percent(confidence);
  }

  private static void item(Markup m, String term, String value) {
    m.el("dt", term).el("dd", value);
  }
}
