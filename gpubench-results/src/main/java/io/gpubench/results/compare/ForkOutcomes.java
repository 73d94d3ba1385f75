package io.gpubench.results.compare;

import java.util.List;
import java.util.Locale;

/**
 * A baseline's runs whose forks disagreed, as {@link CaseComparator} takes them. In a baseline of
 * {@value RunnerSpread#MIN_RUNS} runs or more, such a run is one more outcome of the code, which the spread between its
 * runs holds as it holds a JIT outcome that moved a whole run: it counts as measured. Leaving it out as well left 2 of
 * 5 baseline runs of a case (t on 1 degree of freedom: a 2x regression read "÷11 to ×45"). Where forks disagreed in
 * half the baseline's runs or more, the case has two outcomes as a rule, and a change within how far apart they lay
 * (the widest ratio) may be the other one: no verdict. Both halves were measured on the image-kernels gate figures
 * (2026-12-03): bounding by a stray run's forks as well (4.8x apart in 1 of 8 runs) made 2x regressions AMBIGUOUS in
 * a third of the slowed cases of a 10-run baseline; bounding by the median ratio instead of the widest let a case with
 * two outcomes 3-4x apart fail 2 of 10 unchanged builds. A current run stays bounded by its own forks: it is one
 * outcome, and the baseline may never have shown the other.
 *
 * @param runs the baseline's runs, those whose forks disagreed taken as measured
 * @param outcomes how far apart the outcomes lay where that is the rule, as a ratio; 1 otherwise
 * @param note what was taken as measured, for the verdict's reason (empty when nothing was)
 */
record ForkOutcomes(List<RunSamples> runs, double outcomes, String note) {

  static ForkOutcomes of(List<RunSamples> baseline) {
    if (baseline.size() < RunnerSpread.MIN_RUNS) {
      return new ForkOutcomes(baseline, 1, "");
    }
    List<RunSamples> disagreed = baseline.stream().filter(RunSamples::onlyForksDisagree).toList();
    if (disagreed.isEmpty()) {
      return new ForkOutcomes(baseline, 1, "");
    }
    double outcomes = 2 * disagreed.size() < baseline.size() ? 1
        : disagreed.stream().mapToDouble(RunSamples::spread).max().orElse(1);
    List<RunSamples> runs = baseline.stream().map(r -> r.onlyForksDisagree() ? r.asMeasured() : r).toList();
    String note = "; forks disagreed in baseline " + (disagreed.size() == 1 ? "run " : "runs ")
        + String.join(", ", disagreed.stream().map(RunSamples::runId).toList())
        + ", counted as measured (the spread between runs holds them)";
    return new ForkOutcomes(runs, outcomes, note);
  }

  /** A SLOWER or FASTER within how far apart the outcomes lay is AMBIGUOUS: it may be the other outcome. */
  CaseComparison bound(CaseComparison c) {
    boolean decided = c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER;
    if (!decided || Math.abs(Math.log(c.ratio())) >= Math.log(outcomes)) {
      return c;
    }
    return c.bounded(Verdict.AMBIGUOUS, Ambiguity.FLAGGED, c.ratioLow(), c.ratioHigh(), c.pValue(),
        String.format(Locale.ROOT, "%s as measured, within the outcomes the baseline's forks showed (up to %.2fx apart, "
            + "in half its runs or more): %s", CaseComparator.signed(c.ratio() - 1), outcomes, c.reason()));
  }
}
