package io.gpubench.results.compare;

import io.gpubench.api.Better;
import java.util.List;
import java.util.Locale;

/**
 * The runs of one side of a comparison that its verdict stands on. A side's clean runs are its figure; a side with
 * none stands on its runs whose flags measured their slowdown ({@link RunSamples#bounded()}), which
 * {@link FlaggedRuns} then takes at their best.
 *
 * <p><b>Clean runs that a contended run contradicts.</b> A device's state (a contended core, a throttled GPU) only
 * ever slows code. So where a run flagged for it alone ran better than every clean run of its side by more than
 * {@value #CONTRADICTION}×, as measured and before any bound, the clean runs did not time the code's typical level
 * but an outcome of their own JVM: where its arrays lay (two arrays of 4,096 floats, 16 KiB apart, may alias in the
 * cache), what its JIT made of the loop. Then the side stands on all its runs, the flagged ones bounded by their
 * flags, and the reason says so. Why: in CI on 2026-12-07 the history gate's only clean baseline run of {@code axpy
 * n=4096}, kept to one fork, settled at 589 ns while its three contended runs read 186–197 ns; as the case's whole
 * baseline it called a 4× slower build's 783 ns {@code SAME}. Runs that only a runner's noise moved stay well inside
 * the margin: unchanged code on an idle 2-core runner moved whole clean runs by up to 1.52× in 5% of 250 runs
 * ({@link CaseComparator#PROVISIONAL_EFFECT}), and a contended run is slowed on top of that.
 *
 * @param runs the runs the verdict stands on
 * @param note why they are not the side's clean runs alone, in the reason's words (with a leading "; "), or empty
 */
record UsableRuns(List<RunSamples> runs, String note) {

  /**
   * How many times better than every clean run of its side a run flagged only for a device's state must have run,
   * as measured, for those clean runs to be taken as an outcome of their JVM rather than the code's level.
   */
  static final double CONTRADICTION = 1.5;

  /**
   * Picks a side's usable runs.
   *
   * @param runs the side's runs
   * @param better which way the figure improves
   * @param side the side's words for its runs, such as {@code "baseline run "}
   * @return the runs and why
   */
  static UsableRuns of(List<RunSamples> runs, Better better, String side) {
    List<RunSamples> clean = runs.stream().filter(r -> r.flags().isEmpty()).toList();
    // a clean run is bounded too (by nothing): these are every run a verdict may stand on
    List<RunSamples> bounded = runs.stream().filter(RunSamples::bounded).toList();
    if (clean.isEmpty()) {
      return new UsableRuns(bounded, "");
    }
    RunSamples contended = bestSlowedOnly(bounded, better);
    if (contended == null) {
      return new UsableRuns(clean, "");
    }
    RunSamples nearest = clean.stream().reduce((a, b) -> better(a, b, better) ? a : b).orElseThrow();
    double factor = better == Better.HIGHER ? contended.median() / nearest.median()
        : nearest.median() / contended.median();
    if (!(factor > CONTRADICTION)) {
      return new UsableRuns(clean, "");
    }
    String note = String.format(Locale.ROOT, "; %s%s, flagged %s, ran %.2fx better (%s) than %s: a device's"
        + " state only slows code, so the clean runs timed an outcome of their JVM, not the code's level, and the side"
        + " stands on all %d of its runs, the flagged ones bounded by their flags", side, contended.runId(),
        String.join(", ", contended.flags()), factor, figure(contended.median(), better),
        clean.size() == 1 ? "its clean run (" + figure(nearest.median(), better) + ")"
            : "every clean run (the best " + figure(nearest.median(), better) + ")", bounded.size());
    return new UsableRuns(bounded, note);
  }

  // The run that ran best of those whose flags are about a device's state alone (they only ever slow the code); a clean
  // run has none, and a run whose forks disagreed may sit at the better of two outcomes, so it contradicts nothing.
  private static RunSamples bestSlowedOnly(List<RunSamples> bounded, Better better) {
    return bounded.stream().filter(r -> r.spread() == 1 && r.slowdown() > 1 && r.size() > 0)
        .reduce((a, b) -> better(a, b, better) ? a : b).orElse(null);
  }

  private static boolean better(RunSamples a, RunSamples b, Better better) {
    return better == Better.HIGHER ? a.median() >= b.median() : a.median() <= b.median();
  }

  private static String figure(double value, Better better) {
    return better == Better.LOWER ? Figures.duration(value) : String.format(Locale.ROOT, "%.4g", value);
  }
}
