package io.gpubench.results.compare;

import static io.gpubench.results.compare.CaseComparator.signed;

import io.gpubench.api.Better;
import java.util.List;
import java.util.Locale;

/**
 * {@link CaseComparator}'s verdict on runs some of which telemetry flagged with a measured slowdown: the change must
 * stand out even with each flagged run taken at the best the flag allows. SLOWER holds when it holds with the current
 * side's flagged runs at their best and the baseline as measured; FASTER when it holds with the baseline's flagged
 * runs at their best; SAME when it holds both ways. Otherwise the flags can explain the change: AMBIGUOUS
 * ({@link Ambiguity#FLAGGED}) where the runs as measured differ, as the runs' noise says ({@link Ambiguity#NOISE})
 * where they do not. The ratio, medians and interval reported are the measured ones, so that the interval always
 * holds the change beside it (a change of +58% shown with the interval of its flagged run at its best, -67% to -28%,
 * read as nonsense); the reason gives the interval the verdict rests on.
 *
 * <p>At its best against the other side: a run's times are divided by the slowdown it had beyond the other side's
 * typical slowdown (the geometric mean of its runs', a clean run's being 1: the contention at which the other side's
 * figure, the geometric mean of its runs, was measured; the whole slowdown where the other side is clean). The same
 * kernel on the same core is slowed alike by alike contention; only a run more contended than the other side's
 * figure can owe its difference to it, and how the other side's own runs varied is in their spread. Why: on a 2-vCPU AMD EPYC VM whose vCPUs share a core (2026-12-07) the probe found nearly every
 * run of every case contended, mostly 1.7–2.0× (the other vCPU runs the build), so both sides stood on flagged runs;
 * dividing the current side's by its whole slowdown left a 2× slower blur at about 1.1× the baseline's contended
 * runs: in the image gate figures 3 of 10 2× slower builds passed against 10 runs and 9 of 10 against one (7 and 1 of
 * 90 slowed cases SLOWER). Replayed with this rule on the builds of two such runs, the slowed builds failed 9 and 7
 * of 10 against one run (were 1 and 2), 9 and 10 against five (7 and 7), 10 and 7 against ten (7 and 7); unchanged
 * builds: 1 false verdict of 250 against five runs in one of the two (none before), `sobel` at one of the two
 * levels its JIT settles at.
 */
final class FlaggedRuns {
  private final CaseComparator comparator;

  FlaggedRuns(CaseComparator comparator) {
    this.comparator = comparator;
  }

  CaseComparison judge(List<RunSamples> baseline, List<RunSamples> current, Better better,
      RunnerSpread runner, CaseComparison measured, List<String> flagged, String leftOut) {
    // A flag that bounds both ways (forks that disagree) may also have made its run look better than another run
    // would: a verdict against its side holds at that side's worst as well.
    // A run is taken at its best by the slowdown it had beyond the other side's typical one: where both sides' runs
    // ran on a contended core, the contention they shared slowed both alike.
    double baselineTypical = typical(baseline);
    double currentTypical = typical(current);
    CaseComparison worse = comparator.plain(atWorst(baseline, better), atBest(current, better, baselineTypical),
        better, runner);
    CaseComparison improved = comparator.plain(atBest(baseline, better, currentTypical), atWorst(current, better),
        better, runner);
    String flags = "flagged by telemetry: " + String.join("; ", flagged) + shared(baselineTypical, currentTypical);
    if (worse.verdict() == Verdict.SLOWER) {
      return measured.bounded(Verdict.SLOWER, null, measured.ratioLow(), measured.ratioHigh(), worse.pValue(),
          String.format(Locale.ROOT, "%s %s, beyond what the flags explain: with the flagged runs at their best, %s%s",
              signed(measured.ratio() - 1), "as measured", worse.reason(), "; " + flags + leftOut));
    }
    if (improved.verdict() == Verdict.FASTER) {
      return measured.bounded(Verdict.FASTER, null, measured.ratioLow(), measured.ratioHigh(), improved.pValue(),
          String.format(Locale.ROOT, "%s %s, beyond what the flags explain: with the flagged runs at their best, %s%s",
              signed(measured.ratio() - 1), "as measured", improved.reason(), "; " + flags + leftOut));
    }
    if (worse.verdict() == Verdict.SAME && improved.verdict() == Verdict.SAME) {
      return measured.bounded(Verdict.SAME, null, measured.ratioLow(), measured.ratioHigh(), measured.pValue(),
          "inside the minimum effect with the flagged runs taken at their best either way: " + worse.reason() + "; "
              + flags + leftOut);
    }
    if (measured.verdict() == Verdict.SLOWER || measured.verdict() == Verdict.FASTER) {
      CaseComparison at = measured.verdict() == Verdict.SLOWER ? worse : improved;
      return measured.bounded(Verdict.AMBIGUOUS, Ambiguity.FLAGGED, measured.ratioLow(), measured.ratioHigh(),
          at.pValue(),
          String.format(Locale.ROOT, "%s as measured, within what the flags explain (with the flagged runs at their "
              + "best: %s); %s%s", signed(measured.ratio() - 1), at.reason(), flags, leftOut));
    }
    return measured.withReason(measured.reason() + "; " + flags + leftOut);
  }

  private static List<RunSamples> atBest(List<RunSamples> runs, Better better, double otherSlowdown) {
    return runs.stream().map(r -> r.atBest(better, otherSlowdown)).toList();
  }

  /**
   * A side's typical slowdown: the geometric mean of its runs' (1 for a clean run), the contention its figure (the
   * geometric mean of its runs' medians) was measured at.
   */
  static double typical(List<RunSamples> runs) {
    return Math.exp(runs.stream().mapToDouble(r -> Math.log(r.slowdown())).average().orElse(0));
  }

  /** Words for the contention both sides shared, where they did. */
  private static String shared(double b, double c) {
    return Math.min(b, c) > 1 ? String.format(Locale.ROOT, "; both sides ran contended (typically %.2fx and %.2fx),"
        + " and a run is taken at its best only by the slowdown it had beyond the other side's typical one", b, c)
        : "";
  }

  private static List<RunSamples> atWorst(List<RunSamples> runs, Better better) {
    return runs.stream().map(r -> r.atWorst(better)).toList();
  }
}
