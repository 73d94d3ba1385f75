package io.gpubench.results.compare;

import static io.gpubench.results.compare.CaseComparator.signed;

import io.gpubench.api.Better;
import java.util.List;
import java.util.Locale;

/**
 * {@link CaseComparator}'s verdict on runs some of which telemetry flagged with a measured slowdown: the change must
 * stand out even with each flagged run taken at the best the flag allows. SLOWER holds when it holds with the current side's
 * flagged runs at their best (their times divided by their slowdown) and the baseline as measured; FASTER when it
 * holds with the baseline's flagged runs at their best; SAME when it holds both ways.
 *
 * <p>At its best against the other side: a run's times are divided by the slowdown it had beyond the least slowdown
 * among the other side's runs (the whole slowdown where the other side has a clean run). The same kernel on the same
 * core is slowed alike by alike contention; only a run that was more contended than the other side can owe its
 * difference to it. Why: on a 2-vCPU AMD EPYC VM whose vCPUs share a core (2026-12-07) the probe found nearly every
 * run of every case contended 1.5–1.9× (the other vCPU runs the build), so both sides stood on flagged runs; dividing
 * the current side's by the whole 1.7× left a 2× slower blur at 1.2× the baseline's contended runs: against 10
 * runs 83 of 90 slowed cases were AMBIGUOUS, and 3 of 10 2× slower builds passed the gate. Otherwise the flags can explain
 * the change: AMBIGUOUS ({@link Ambiguity#FLAGGED}) where the runs as measured differ, as the runs' noise says
 * ({@link Ambiguity#NOISE}) where they do not. The ratio, medians and interval reported are the measured ones, so
 * that the interval always holds the change beside it (a change of +58% shown with the interval of its flagged run at
 * its best, -67% to -28%, read as nonsense); the reason gives the interval the verdict rests on.
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
    // A run is taken at its best by the slowdown it had beyond the other side's least contended run: where both
    // sides' runs ran on a contended core, the contention they shared slowed both alike.
    CaseComparison worse = comparator.plain(atWorst(baseline, better), atBest(current, better, least(baseline)),
        better, runner);
    CaseComparison improved = comparator.plain(atBest(baseline, better, least(current)), atWorst(current, better),
        better, runner);
    String flags = "flagged by telemetry: " + String.join("; ", flagged) + shared(baseline, current);
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

  /** The least slowdown among a side's runs: 1 where one of them is clean. */
  static double least(List<RunSamples> runs) {
    return runs.stream().mapToDouble(RunSamples::slowdown).min().orElse(1);
  }

  /** Words for the contention both sides shared, where they did. */
  private static String shared(List<RunSamples> baseline, List<RunSamples> current) {
    double both = Math.min(least(baseline), least(current));
    return both > 1 ? String.format(Locale.ROOT, "; every run of both sides was contended (at least %.2fx), and a"
        + " run is taken at its best only by the slowdown it had beyond the other side's least", both) : "";
  }

  private static List<RunSamples> atWorst(List<RunSamples> runs, Better better) {
    return runs.stream().map(r -> r.atWorst(better)).toList();
  }
}
