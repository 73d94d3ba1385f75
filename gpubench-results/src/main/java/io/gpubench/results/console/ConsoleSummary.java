package io.gpubench.results.console;

import io.gpubench.api.CheckMetric;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Throughput;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Figures;
import java.util.ArrayList;
import io.gpubench.results.glance.FlagNote;
import io.gpubench.results.glance.FlagNotes;
import io.gpubench.results.glance.SkipGroup;
import io.gpubench.results.glance.SkipGroups;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table printed at the end of a run: one line per case that ran with its status, median time and interval, the
 * throughput it declares, the tightest correctness margin, the stop reason and its flags as short codes; then one line
 * per skip reason with a count, one legend line per flag code, the counts and where the results are.
 */
public final class ConsoleSummary {

  /** The most of a skip reason a console line shows; the report and summary.md give it whole. */
  static final int REASON_WIDTH = 140;

  private ConsoleSummary() {}

  private static String shorten(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1).stripTrailing() + "…";
  }

  /**
   * Renders the table.
   *
   * @param run the run
   * @param resultsFile where the results were written, for the last line
   * @return the text
   */
  public static String render(RunResult run, String resultsFile) {
    // Skipped cases are folded into a line per reason: on a machine without a GPU they are most of the run, and a
    // row each would push the cases that ran off the screen.
    List<CaseResult> shown = SkipGroups.notSkipped(run.cases());
    StringBuilder sb = new StringBuilder("\ngpubench results (" + run.cases().size() + " cases)\n");
    if (shown.isEmpty()) {
      sb.append("  no case ran\n");
    } else {
      table(sb, shown);
    }
    List<SkipGroup> skipped = SkipGroups.of(run.cases());
    for (SkipGroup g : skipped) {
      sb.append("  ").append(shorten(g.line(), REASON_WIDTH)).append(" (").append(g.classes(3)).append(")\n");
    }
    if (!skipped.isEmpty()) {
      sb.append("  (each skipped case is listed in report.html and summary.md)\n");
    }
    Map<String, String> legend = FlagNotes.legend(shown);
    legend.remove(FlagNotes.CLOCKS);
    legend.forEach((code, meaning) -> sb.append("  flag ").append(code.toUpperCase(Locale.ROOT)).append(": ")
        .append(meaning).append('\n'));
    long passed = count(run, CaseStatus.PASSED);
    long failed = count(run, CaseStatus.FAILED);
    long errors = count(run, CaseStatus.ERROR);
    long skips = count(run, CaseStatus.SKIPPED);
    sb.append(String.format(Locale.ROOT, "  %d passed, %d failed, %d errors, %d skipped%n", passed, failed, errors, skips));
    // The first case pays for starting: where its seconds went tells a slow first answer's cause.
    run.cases().stream().filter(c -> CaseDigest.secondsSpent(c) != null).findFirst().ifPresent(c -> sb
        .append("  first case, ").append(c.displayName()).append(", answered in ").append(CaseDigest.secondsSpent(c))
        .append('\n'));
    sb.append("  results: ").append(resultsFile).append('\n');
    return sb.toString();
  }

  private static void table(StringBuilder sb, List<CaseResult> cases) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"case", "status", "median (95% CI)", "throughput", "margin", "stop", "flags"});
    for (CaseResult c : cases) {
      rows.add(row(c));
    }
    int[] width = new int[rows.get(0).length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (int k = 0; k < rows.size(); k++) {
      String[] r = rows.get(k);
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append("  ").append(pad(r[i], width[i], i >= 2 && i <= 4));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
      if (k == 0) {
        sb.append("  ").append("-".repeat(java.util.Arrays.stream(width).sum() + 2 * (width.length - 1))).append('\n');
      }
    }
  }

  private static long count(RunResult run, CaseStatus status) {
    return run.cases().stream().filter(c -> c.status() == status).count();
  }

  private static String[] row(CaseResult c) {
    String median = "";
    String stop = "";
    if (c.timing() != null) {
      Statistics s = c.timing().primary();
      median = CaseDigest.time(c);
      stop = c.timing().stop().name().toLowerCase(Locale.ROOT) + " (" + s.n() + ")";
    }
    return new String[] {c.displayName(), c.status().name(), median, throughput(c.throughput()), margin(c),
        stop, flags(c)};
  }

  private static String throughput(Throughput t) {
    if (t == null) {
      return "";
    }
    // The SI prefix follows the figure (312.5 GFLOP/s, 1.21 TFLOP/s), never "1.21e+03 GFLOP/s".
    if (t.flopsPerSecond() != null) {
      String s = Figures.rate(t.flopsPerSecond(), "FLOP/s");
      return t.gap() == null ? s : s + String.format(Locale.ROOT, " (%.2fx bound)", t.gap());
    }
    if (t.busBytesPerSecond() != null) {
      String s = String.format(Locale.ROOT, "%.1f GB/s bus", t.busBytesPerSecond() / 1e9);
      return t.gap() == null ? s : s + String.format(Locale.ROOT, " (%.2fx bound)", t.gap());
    }
    if (t.itemsPerSecond() != null) {
      return Figures.rate(t.itemsPerSecond(), "items/s");
    }
    if (t.bytesPerSecond() != null) {
      return Figures.rate(t.bytesPerSecond(), "B/s");
    }
    return "";
  }

  /** The check closest to its allowance, as the share used: "maxAbs 42%". */
  private static String margin(CaseResult c) {
    if (c.correctness() == null) {
      return "";
    }
    Check worst = null;
    for (Check k : c.correctness().checks()) {
      if (k.metric() == CheckMetric.NON_FINITE || Double.isNaN(k.usedShare())) {
        continue;
      }
      if (worst == null || k.usedShare() > worst.usedShare()) {
        worst = k;
      }
    }
    return worst == null ? "" : String.format(Locale.ROOT, "%s %.0f%%", worst.metric().key(), worst.usedShare() * 100);
  }

  private static String flags(CaseResult c) {
    // Codes only: the meaning of each is on one legend line under the table, the figures behind it in the report.
    List<String> f = new ArrayList<>();
    for (FlagNote n : FlagNotes.of(c)) {
      // A world's clock spread is its own short figure: "SM clocks 1755-1980 MHz".
      f.add(n.code().equals(FlagNotes.CLOCKS) ? n.detail() : n.code().toUpperCase(Locale.ROOT));
    }
    if (Figures.clockSpread(c.telemetry()) == null && c.telemetry() != null && c.telemetry().smClockMeanMhz() != null) {
      f.add(String.format(Locale.ROOT, "%.0f MHz", c.telemetry().smClockMeanMhz()));
    }
    return String.join(" ", f);
  }

  private static String pad(String s, int w, boolean right) {
    String fill = " ".repeat(Math.max(0, w - s.length()));
    return right ? fill + s : s + fill;
  }
}
