package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Throughput;
import java.util.ArrayList;
import java.util.List;

/**
 * The one-line reading of a case that every summary shows: its figure, its rate, its verdict, the tightest
 * correctness margin and its flags. The HTML summary and the Markdown summary both read cases through this, so a
 * case reads the same in the CI log and in the browser.
 *
 * @param time the median time with its interval (the engine's, of the median): {@code 1.234 ms (1.229–1.241 ms)}
 * @param rate the most telling rate: samples/s for models, else FLOP/s, a collective's bus bandwidth, items/s or B/s; {@link Figures#ABSENT}
 * @param verdict {@code passed}, or why not: the failed check or the message
 * @param tightest the check that used the largest share of its allowance, or null
 * @param flags warnings a reader must see beside the figure: {@code throttled}, {@code shared GPU}, ...
 */
public record CaseDigest(String time, String rate, String verdict, Check tightest, List<String> flags) {
  /**
   * Makes the digest, copying the flags.
   *
   * @param time time
   * @param rate rate
   * @param verdict verdict
   * @param tightest tightest check
   * @param flags flags
   */
  public CaseDigest {
    flags = List.copyOf(flags);
  }

  /**
   * Reads a case.
   *
   * @param c the case
   * @return its digest
   */
  public static CaseDigest of(CaseResult c) {
    return new CaseDigest(time(c), rate(c), verdict(c), tightest(c), flags(c));
  }

  /**
   * The median time with its interval, from the case's statistics on its headline clock: {@code 1.234 ms
   * (1.229–1.241 ms)}. The interval is the engine's, of the median, on the log scale and across the forks where
   * several measured the case (results-schema.md says how it is built): the same interval in every report, the
   * results file and the stop reason. A case of one trial shows the count instead, {@code 1.234 ms (n=1)}.
   *
   * @param c the case
   * @return the text, or {@link Figures#ABSENT} when not timed
   */
  public static String time(CaseResult c) {
    Statistics s = c.timing() == null ? null : c.timing().primary();
    if (s == null || !Figures.present(s.median())) {
      return Figures.ABSENT;
    }
    if (s.n() < 2) {
      return Figures.duration(s.median()) + " (n=" + s.n() + ")";
    }
    if (!(s.ciLow() >= 0 && s.ciLow() <= s.median() && s.median() <= s.ciHigh())) {
      // a results file written before the interval was the median's: its interval of the mean may not hold the
      // median, nor be positive; the trials give the median's own, distribution-free
      double[] samples = RunSamples.of("", c).values();
      double[] ci = samples.length == 0 ? new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}
          : Intervals.ofMedian(samples, 0.05);
      if (Double.isInfinite(ci[0]) || Double.isInfinite(ci[1])) {
        return Figures.duration(s.median()) + " (n=" + s.n() + ")";
      }
      return Figures.duration(s.median()) + " (" + Figures.durationRange(ci[0], ci[1], s.median()) + ")";
    }
    return Figures.duration(s.median()) + " (" + Figures.durationRange(s.ciLow(), s.ciHigh(), s.median()) + ")";
  }

  /**
   * Where a case's seconds went, in words: {@code 3.21 s: worker start 0.45 s, set-up 0.12 s, warm-up 1.90 s (24
   * rounds), trials 0.62 s, after the trials 0.05 s, engine and wire 0.07 s; 2 forks}. A class's first case pays its workers' starts and the
   * class's loading (in the set-up), a case waiting for its JIT its warm-up rounds, a case of several forks each.
   *
   * @param c the case
   * @return the words, or null where the results do not record them
   */
  public static String secondsSpent(CaseResult c) {
    var s = c.timing() == null ? null : c.timing().spent();
    if (s == null) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "%s: worker start %s, set-up %s, warm-up %s (%d round%s), trials"
        + " %s, after the trials %s, engine and wire %s; %d fork%s", seconds(s.totalSeconds()),
        seconds(s.workerStartSeconds()), seconds(s.setupSeconds()), seconds(s.warmupSeconds()), s.warmupRounds(),
        s.warmupRounds() == 1 ? "" : "s", seconds(s.trialSeconds()), seconds(s.endSeconds()),
        seconds(s.otherSeconds()), s.forks(), s.forks() == 1 ? "" : "s");
  }

  private static String seconds(double s) {
    return Figures.duration(s * 1e9);
  }

  /**
   * The most telling rate of a case.
   *
   * @param c the case
   * @return the text, or {@link Figures#ABSENT}
   */
  public static String rate(CaseResult c) {
    Double samples = metricValue(c, Leaderboard.METRIC);
    if (Figures.present(samples)) {
      return Figures.rate(samples, "samples/s");
    }
    Throughput t = c.throughput();
    if (t == null) {
      return Figures.ABSENT;
    }
    if (Figures.present(t.flopsPerSecond())) {
      return Figures.rate(t.flopsPerSecond(), "FLOP/s");
    }
    if (Figures.present(t.busBytesPerSecond())) {
      return Figures.rate(t.busBytesPerSecond(), "B/s") + " bus";
    }
    if (Figures.present(t.itemsPerSecond())) {
      return Figures.rate(t.itemsPerSecond(), "items/s");
    }
    return Figures.rate(t.bytesPerSecond(), "B/s");
  }

  /**
   * The check with the largest used share of its allowance; a check whose share is undefined counts last.
   *
   * @param c the case
   * @return the check, or null when the case has none
   */
  public static Check tightest(CaseResult c) {
    if (c.correctness() == null) {
      return null;
    }
    Check worst = null;
    for (Check k : c.correctness().checks()) {
      if (worst == null || key(k) > key(worst)) {
        worst = k;
      }
    }
    return worst;
  }

  private static double key(Check k) {
    double s = k.usedShare();
    if (!k.passed()) {
      return Double.MAX_VALUE;
    }
    return Double.isNaN(s) ? -1 : s;
  }

  private static String verdict(CaseResult c) {
    if (c.status() == CaseStatus.PASSED) {
      return "passed";
    }
    String status = c.status().name().toLowerCase(java.util.Locale.ROOT);
    if (c.message() != null && !c.message().isBlank()) {
      return status + ": " + oneLine(c.message());
    }
    if (c.correctness() != null) {
      for (Check k : c.correctness().checks()) {
        if (!k.passed()) {
          return status + ": " + k.describe();
        }
      }
    }
    return status;
  }

  private static List<String> flags(CaseResult c) {
    List<String> flags = new ArrayList<>(RunFlags.deviceStateFlags(c));
    String spread = c.telemetry() == null ? null : Figures.clockSpread(c.telemetry());
    if (spread != null) {
      flags.add("SM clocks " + spread);
    }
    if (c.correctness() != null) {
      if (!c.correctness().inputsUnchanged()) {
        flags.add("inputs changed");
      }
      if (c.correctness().error() != null && c.correctness().error().nonFinite() > 0) {
        flags.add("non-finite output");
      }
    }
    if (c.timing() != null && c.timing().stop() == io.gpubench.api.result.StopReason.TIME_BUDGET) {
      flags.add("time budget hit");
    }
    c.flags().stream().filter(f -> !f.aboutDeviceState()).map(Flag::code).distinct().forEach(flags::add);
    return flags;
  }


  /**
   * The value of a figure a workload reported.
   *
   * @param c the case
   * @param name the figure's name
   * @return its value, or null when the case has no such figure
   */
  public static Double metricValue(CaseResult c, String name) {
    var m = c.metrics().get(name);
    return m == null ? null : m.value();
  }

  /**
   * A message on one line: its first line and the indented lines that follow it (a failed case lists every bound it
   * missed so, {@code "… missed its tolerance:\n  maxAbs 1.003 > allowed 0.0215\n  rms …"}), joined with
   * {@code "; "}; a stack trace ({@code at …}, {@code Caused by}) and anything after it are left out.
   *
   * @param message the message
   * @return one line
   */
  public static String oneLine(String message) {
    String[] lines = message.split("\n");
    StringBuilder b = new StringBuilder(lines[0].strip());
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      String t = line.strip();
      if (!line.startsWith("  ") || t.startsWith("at ") || t.startsWith("Caused by") || t.startsWith("...")) {
        break;
      }
      if (!t.isEmpty()) {
        b.append(b.charAt(b.length() - 1) == ':' ? " " : "; ").append(t);
      }
    }
    return b.toString();
  }

  /**
   * The first line of a message: summaries have one line per case, and stack traces do not belong in them.
   *
   * @param message the message
   * @return its first line, trimmed
   */
  public static String firstLine(String message) {
    int nl = message.indexOf('\n');
    return (nl < 0 ? message : message.substring(0, nl)).strip();
  }
}
