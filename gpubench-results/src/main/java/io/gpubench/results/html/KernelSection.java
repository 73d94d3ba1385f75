package io.gpubench.results.html;

import io.gpubench.api.result.KernelAudit;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.KernelShares;
import java.util.List;
import java.util.Locale;

/**
 * The "kernels" section of a case's card: what one call after the trials ran on the GPU, from the kernel audit. A
 * bar of the call's GPU time by the library that launched each kernel, the busy fraction of its span, the top
 * kernels with their library, the shared object that launched them, count and time per call, the copies, and how
 * the kernels were attributed and what the audit cost. A skipped audit shows its reason.
 */
final class KernelSection {
  /** Kernels listed in the table; the rest are summed in one row. */
  static final int TOP = 10;
  /** Kernel names longer than this are cut in the table (mangled C++ names run to hundreds of characters). */
  static final int NAME_CHARS = 90;

  private KernelSection() {}

  /**
   * Writes the section, when the case has an audit.
   *
   * @param m the page
   * @param charts the chart data
   * @param audit the audit, or null
   */
  static void write(Markup m, ChartData charts, KernelAudit audit) {
    if (audit == null) {
      return;
    }
    m.open("section", "class", "kernels");
    m.el("h4", "Kernels of one call after the trials");
    if (audit.isSkipped()) {
      m.el("p", "Kernel audit skipped: " + audit.skipReason(), "class", "muted audit-skipped");
      m.close("section");
      return;
    }
    m.el("p", KernelShares.line(audit), "class", "kernel-line");
    m.open("dl");
    item(m, "GPU time per call", Figures.duration(audit.kernelNanos() + audit.copyNanos()) + " (kernels "
        + Figures.duration(audit.kernelNanos()) + ", copies and sets " + Figures.duration(audit.copyNanos()) + ")");
    item(m, "span, GPU busy", Figures.duration(audit.spanNanos()) + ", busy " + Figures.percent(audit.busyFraction())
        + " of it" + (audit.busyFraction() < 0.9 ? " (the GPU waited between kernels: launches or host work)" : ""));
    item(m, "library / communication / copies", Figures.percent(audit.libraryShare()) + " / "
        + Figures.percent(audit.communicationShare()) + " / " + Figures.percent(audit.copyShare())
        + " of the GPU time");
    m.close("dl");
    String chart = charts.kernels(audit);
    if (chart != null) {
      m.open("figure", "class", "chart-box wide");
      m.el("div", null, "class", "chart bar", "data-chart", chart, "role", "img", "aria-label",
          "GPU time by library");
      m.el("figcaption", "Share of the call's GPU time by the library that launched each kernel; copies and sets "
          + "apart.");
      m.close("figure");
    }
    table(m, audit);
    details(m, audit);
    m.close("section");
  }

  private static void table(Markup m, KernelAudit audit) {
    List<KernelAudit.Kernel> kernels = audit.kernels();
    if (kernels.isEmpty() && audit.copies().isEmpty()) {
      return;
    }
    m.open("div", "class", "scroll");
    m.open("table", "class", "kernel-table");
    m.open("tr").el("th", "kernel").el("th", "library").el("th", "launched from").el("th", "per call")
        .el("th", "time per call").el("th", "share").close("tr");
    for (int i = 0; i < Math.min(TOP, kernels.size()); i++) {
      KernelAudit.Kernel k = kernels.get(i);
      m.open("tr", "class", "kernel-row");
      m.el("td", cut(k.name()), "class", "kernel-name", "title", k.name());
      m.el("td", k.library().label());
      m.el("td", k.source() + (k.method() == KernelAudit.Method.KERNEL_NAME ? " (by name)" : ""));
      m.el("td", count(k.countPerCall()), "class", "num");
      m.el("td", Figures.duration(k.nanosPerCall()), "class", "num");
      m.el("td", Figures.percent(k.share()), "class", "num");
      m.close("tr");
    }
    if (kernels.size() > TOP) {
      List<KernelAudit.Kernel> rest = kernels.subList(TOP, kernels.size());
      double share = rest.stream().mapToDouble(KernelAudit.Kernel::share).sum();
      double nanos = rest.stream().mapToDouble(KernelAudit.Kernel::nanosPerCall).sum();
      m.open("tr", "class", "muted");
      m.el("td", rest.size() + " more kernels");
      m.el("td", "").el("td", "");
      m.el("td", count(rest.stream().mapToDouble(KernelAudit.Kernel::countPerCall).sum()), "class", "num");
      m.el("td", Figures.duration(nanos), "class", "num");
      m.el("td", Figures.percent(share), "class", "num");
      m.close("tr");
    }
    for (KernelAudit.Copy c : audit.copies()) {
      m.open("tr", "class", "copy-row");
      m.el("td", c.kind());
      m.el("td", "copies");
      m.el("td", Figures.rate(c.bytesPerCall(), "B") + " per call");
      m.el("td", count(c.countPerCall()), "class", "num");
      m.el("td", Figures.duration(c.nanosPerCall()), "class", "num");
      m.el("td", Figures.percent(c.share()), "class", "num");
      m.close("tr");
    }
    m.close("table");
    m.close("div");
  }

  private static void details(Markup m, KernelAudit audit) {
    m.open("details", "class", "audit-details");
    m.el("summary", "How the kernels were attributed, and what the audit cost");
    KernelAudit.Attribution a = audit.attribution();
    if (a != null) {
      m.el("p", "By " + a.how() + ". Kernel time attributed by stack " + Figures.percent(a.stackShare())
          + ", by kernel name " + Figures.percent(a.nameShare()) + ", not attributed "
          + Figures.percent(a.unattributedShare()) + ".");
      if (!a.notes().isEmpty()) {
        m.open("ul");
        a.notes().forEach(n -> m.el("li", n));
        m.close("ul");
      }
    }
    KernelAudit.Cost c = audit.cost();
    if (c != null) {
      m.el("p", "The audit took " + Figures.duration(c.totalNanos()) + " of host time, the audited "
          + (audit.calls() == 1 ? "call " : audit.calls() + " calls ") + Figures.duration(c.callNanos())
          + " of it (launches are slower under the audit: its busy fraction of very short kernels reads low); "
          + c.launchCalls() + " launch calls, " + c.stackWalks() + " stack walks of " + c.stackFrames()
          + " frames" + (c.droppedRecords() > 0 ? ", " + c.droppedRecords() + " records dropped" : "") + ".");
    }
    m.close("details");
  }

  private static String count(double perCall) {
    long whole = Math.round(perCall);
    return Math.abs(perCall - whole) < 0.05 ? Long.toString(whole) : String.format(Locale.ROOT, "%.1f", perCall);
  }

  private static String cut(String name) {
    return name.length() <= NAME_CHARS ? name : name.substring(0, NAME_CHARS - 1) + "…";
  }

  private static void item(Markup m, String term, String value) {
    m.el("dt", term).el("dd", value);
  }
}
