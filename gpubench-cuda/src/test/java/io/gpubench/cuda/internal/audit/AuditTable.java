package io.gpubench.cuda.internal.audit;

import io.gpubench.api.result.KernelAudit;
import java.util.Locale;

/** An audit as text, for the GPU tests' output and the device script: summary, kernels, copies, notes, cost. */
final class AuditTable {
  private AuditTable() {}

  static String format(String title, KernelAudit a) {
    StringBuilder s = new StringBuilder("== kernel audit: ").append(title).append('\n');
    if (a.isSkipped()) {
      return s.append("  skipped: ").append(a.skipReason()).append("\n  cost: none (skipped)\n").toString();
    }
    s.append(String.format(Locale.ROOT, "  per call: span %s, kernels %s, copies %s, busy %.1f%%; library %.1f%%,"
            + " communication %.1f%%, copies %.1f%% of GPU time (%d calls)%n", t(a.spanNanos()), t(a.kernelNanos()),
        t(a.copyNanos()), 100 * a.busyFraction(), 100 * a.libraryShare(), 100 * a.communicationShare(),
        100 * a.copyShare(), a.calls()));
    s.append(String.format(Locale.ROOT, "  %-10s %7s %10s %6s  %-8s %-22s %s%n", "library", "count", "time", "share",
        "method", "source", "kernel"));
    for (KernelAudit.Kernel k : a.kernels()) {
      s.append(String.format(Locale.ROOT, "  %-10s %7.2f %10s %5.1f%%  %-8s %-22s %s%n", k.library().label(),
          k.countPerCall(), t(k.nanosPerCall()), 100 * k.share(), k.method(), k.source(), shorten(k.name())));
    }
    for (KernelAudit.Copy c : a.copies()) {
      s.append(String.format(Locale.ROOT, "  %-10s %7.2f %10s %5.1f%%  %-8s %-22s %s, %.0f bytes%n", "(copy)",
          c.countPerCall(), t(c.nanosPerCall()), 100 * c.share(), "", "", c.kind(), c.bytesPerCall()));
    }
    s.append(String.format(Locale.ROOT, "  attribution: stack %.1f%%, name %.1f%%, none %.1f%% of kernel time: %s%n",
        100 * a.attribution().stackShare(), 100 * a.attribution().nameShare(),
        100 * a.attribution().unattributedShare(), a.attribution().how()));
    for (String n : a.attribution().notes()) {
      s.append("  note: ").append(n).append('\n');
    }
    KernelAudit.Cost c = a.cost();
    s.append(String.format(Locale.ROOT, "  cost: %s in all, the audited calls %s; %d launch calls, %d stack walks, "
        + "%d frames, %d records dropped%n", t(c.totalNanos()), t(c.callNanos()), c.launchCalls(), c.stackWalks(),
        c.stackFrames(), c.droppedRecords()));
    return s.toString();
  }

  /**
   * One line per audit, for the device script's closing table: GPU time by library, kernels, busy fraction, cost.
   */
  static String summary(String title, KernelAudit a) {
    if (a.isSkipped()) {
      return "audit-summary | " + title + " | skipped: " + a.skipReason();
    }
    java.util.Map<String, Double> byLibrary = new java.util.LinkedHashMap<>();
    for (KernelAudit.Kernel k : a.kernels()) {
      byLibrary.merge(k.library().label() + (k.method() == KernelAudit.Method.STACK ? "" : " (by name)"), k.share(),
          Double::sum);
    }
    if (a.copyShare() > 0) {
      byLibrary.put("copies", a.copyShare());
    }
    String shares = byLibrary.entrySet().stream()
        .map(e -> String.format(Locale.ROOT, "%s %.1f%%", e.getKey(), 100 * e.getValue()))
        .collect(java.util.stream.Collectors.joining(", "));
    double launches = a.kernels().stream().mapToDouble(KernelAudit.Kernel::countPerCall).sum();
    return String.format(Locale.ROOT, "audit-summary | %s | %s | %d kernels, %.1f launches/call | busy %.1f%% | "
        + "audit %s, call %s", title, shares, a.kernels().size(), launches, 100 * a.busyFraction(),
        t(a.cost().totalNanos()), t(a.cost().callNanos()));
  }

  private static String shorten(String name) {
    return name.length() > 90 ? name.substring(0, 87) + "..." : name;
  }

  private static String t(double nanos) {
    if (nanos >= 1e6) {
      return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }
    return String.format(Locale.ROOT, "%.2f us", nanos / 1e3);
  }
}
