package io.gpubench.results.markdown;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.KernelShares;
import java.util.List;
import java.util.Locale;

/**
 * The report of one case, as the file the engine publishes beside the case's test (IDEs and build tools show it
 * next to the test): its verdict and figures, the checks, and the whole kernel table of its audit with the
 * attribution notes and the audit's cost, which the run's summary has no room for. Strings from the results are
 * escaped as in the summary.
 */
public final class CaseReport {

  private CaseReport() {}

  /**
   * Renders a case.
   *
   * @param c the case
   * @param files the other files the case produced (JFR recordings ...), by name, to list; may be empty
   * @return the Markdown, ending with a newline
   */
  public static String render(CaseResult c, List<String> files) {
    CaseDigest d = CaseDigest.of(c);
    StringBuilder md = new StringBuilder();
    md.append("### ").append(Md.escape(c.displayName() != null ? c.displayName() : c.id())).append("\n\n");
    md.append('`').append(c.id().replace("`", "'")).append("`\n\n");
    md.append("**").append(c.status().name()).append("**");
    if (c.message() != null && !c.message().isBlank()) {
      md.append(" — ").append(Md.escape(c.message()));
    }
    md.append("\n\n");
    Md.Table figures = new Md.Table("Figure", "Value");
    figures.row("median (95% CI)", d.time());
    figures.row("rate", d.rate());
    if (c.timing() != null) {
      figures.row("trials", (c.timing().primary() == null ? "?" : c.timing().primary().n()) + " × "
          + c.timing().callsPerTrial() + " calls, stopped: " + (c.timing().stop() == null ? "?"
              : c.timing().stop().name().toLowerCase(Locale.ROOT).replace('_', ' ')));
      figures.row("first call", Figures.duration(c.timing().firstCallNanos()));
      if (c.timing().batch() != null && c.timing().device() != null) {
        figures.row("single call", Figures.duration(c.timing().device().median()) + " (one call a trial; the median"
            + " above is " + c.timing().batchCalls() + " calls back to back)");
      }
      String spent = CaseDigest.secondsSpent(c);
      if (spent != null) {
        figures.row("seconds", spent);
      }
    }
    if (c.throughput() != null && Figures.present(c.throughput().gap())) {
      figures.row("roofline gap", Figures.ratio(c.throughput().gap()));
    }
    Check tightest = d.tightest();
    if (tightest != null) {
      figures.row("tightest check", tightest.describe());
    }
    for (Flag f : c.flags()) {
      figures.row("flag " + f.code(), f.detail());
    }
    d.flags().forEach(f -> figures.row("flag", f));
    c.axisOverrides().forEach((axis, key) -> figures.row("axis " + axis, c.shape().get(axis).text()
        + " (set by the run: " + key + ")"));
    md.append(figures.render());
    audit(md, c.audit());
    if (!files.isEmpty()) {
      md.append("\n**Files**\n\n");
      files.forEach(f -> md.append("- ").append(Md.escape(f)).append('\n'));
    }
    return md.toString();
  }

  private static void audit(StringBuilder md, KernelAudit a) {
    if (a == null) {
      return;
    }
    md.append("\n**Kernels of one call after the trials**");
    if (a.isSkipped()) {
      md.append(": skipped — ").append(Md.escape(a.skipReason())).append('\n');
      return;
    }
    md.append(": ").append(Md.escape(KernelShares.line(a))).append("; GPU time ")
        .append(Figures.duration(a.kernelNanos() + a.copyNanos())).append(" per call, busy ")
        .append(Figures.percent(a.busyFraction())).append(" of a span of ").append(Figures.duration(a.spanNanos()))
        .append("\n\n");
    Md.Table kernels = new Md.Table("Kernel", "Library", "Launched from", "Per call", "Time per call", "Share");
    for (KernelAudit.Kernel k : a.kernels()) {
      kernels.row(k.name(), k.library().label(), k.source() + (k.method() == KernelAudit.Method.KERNEL_NAME
          ? " (by name)" : ""), Figures.number(k.countPerCall()), Figures.duration(k.nanosPerCall()),
          Figures.percent(k.share()));
    }
    for (KernelAudit.Copy cp : a.copies()) {
      kernels.row(cp.kind(), "copies", Figures.rate(cp.bytesPerCall(), "B") + " per call",
          Figures.number(cp.countPerCall()), Figures.duration(cp.nanosPerCall()), Figures.percent(cp.share()));
    }
    md.append(kernels.render());
    if (a.attribution() != null) {
      md.append("\nAttributed by ").append(Md.escape(a.attribution().how())).append(".\n");
      a.attribution().notes().forEach(n -> md.append("- ").append(Md.escape(n)).append('\n'));
    }
    if (a.cost() != null) {
      md.append("\nAudit cost: ").append(Figures.duration(a.cost().totalNanos())).append(" of host time, the call ")
          .append(Figures.duration(a.cost().callNanos())).append(" of it; ").append(a.cost().launchCalls())
          .append(" launch calls, ").append(a.cost().stackWalks()).append(" stack walks.\n");
    }
  }
}
