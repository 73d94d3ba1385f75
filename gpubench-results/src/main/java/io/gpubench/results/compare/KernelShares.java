package io.gpubench.results.compare;

import io.gpubench.api.result.KernelAudit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A kernel audit read for people: the call's GPU time by the library that launched each kernel, with copies apart,
 * and the one line the summaries show ({@code cuBLASLt 100%, 1 kernel}). The HTML, Markdown and CSV reports all read
 * audits through here, so an audit reads the same everywhere.
 */
public final class KernelShares {

  /** What the summaries show for a skipped audit; the reason is listed apart, it is too long for a cell. */
  public static final String SKIPPED = "audit skipped";

  private KernelShares() {}

  /**
   * One part of a call's GPU time.
   *
   * @param label the library as reports name it ({@code cuBLASLt}, {@code benchmark}), or {@code copies}
   * @param share its share of the call's GPU time, 0 to 1
   * @param copies whether the part is the call's memory copies and sets rather than kernels
   */
  public record Part(String label, double share, boolean copies) {}

  /**
   * The call's GPU time by library, the largest first, copies as a part of their own.
   *
   * @param audit an audit that was not skipped
   * @return the parts with a share above zero
   */
  public static List<Part> parts(KernelAudit audit) {
    Map<KernelAudit.Library, Double> byLibrary = new EnumMap<>(KernelAudit.Library.class);
    for (KernelAudit.Kernel k : audit.kernels()) {
      byLibrary.merge(k.library(), k.share(), Double::sum);
    }
    List<Part> parts = new ArrayList<>();
    byLibrary.forEach((lib, share) -> {
      if (share > 0) {
        parts.add(new Part(lib.label(), share, false));
      }
    });
    if (audit.copyShare() > 0) {
      parts.add(new Part("copies", audit.copyShare(), true));
    }
    parts.sort(Comparator.comparingDouble(Part::share).reversed());
    return parts;
  }

  /**
   * Kernel launches per call, over every kernel of the audit.
   *
   * @param audit the audit
   * @return the count (fractional when several calls were audited and they launched differently)
   */
  public static double launchesPerCall(KernelAudit audit) {
    return audit.kernels().stream().mapToDouble(KernelAudit.Kernel::countPerCall).sum();
  }

  /**
   * The audit in one line: each part's share, then the kernels per call, as in {@code cuBLASLt 100%, 1 kernel} or
   * {@code benchmark 97%, copies 3.0%, 2 kernels}.
   *
   * @param audit the audit, or null
   * @return the line; {@link Figures#ABSENT} without an audit, {@link #SKIPPED} for a skipped one
   */
  public static String line(KernelAudit audit) {
    if (audit == null) {
      return Figures.ABSENT;
    }
    if (audit.isSkipped()) {
      return SKIPPED;
    }
    List<Part> parts = parts(audit);
    if (parts.isEmpty()) {
      return "no GPU work";
    }
    StringJoiner line = new StringJoiner(", ");
    parts.forEach(p -> line.add(p.label() + " " + Figures.percent(p.share())));
    line.add(kernels(launchesPerCall(audit)));
    return line.toString();
  }

  /**
   * A count of kernels: {@code 1 kernel}, {@code 3 kernels}, {@code 1.5 kernels}.
   *
   * @param perCall launches per call
   * @return the text
   */
  static String kernels(double perCall) {
    long whole = Math.round(perCall);
    if (Math.abs(perCall - whole) < 0.05) {
      return whole + (whole == 1 ? " kernel" : " kernels");
    }
    return String.format(Locale.ROOT, "%.1f kernels", perCall);
  }
}
