package io.gpubench.results.compare;

import io.gpubench.api.Better;
import io.gpubench.api.result.CaseResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The one comparison of a case between a baseline and the current code. The Maven gate ({@code gpubench:check}
 * against a baseline file, {@code gpubench:ab} between two builds) and the reports ({@code gpubench:report}, the
 * HTML and Markdown comparisons) all decide "is it slower?" here, so the same runs get the same verdict everywhere.
 *
 * <h2>The unit of noise is the run</h2>
 * Trials of one run share that run's conditions: what else the machine was doing, the JIT's decisions, clocks, the
 * heap's layout. They agree with each other far better than two runs do. On a shared 2-core runner, four reruns of
 * unchanged code against a one-run baseline were SLOWER for 7 to 18 of 25 cases with rank-test p-values down to
 * 1e-11: a test on trials measures how precisely one run was timed, not whether the code changed. So each run (one
 * engine process, one JVM) contributes one number per case, the logarithm of its median (the median shrugs off a
 * preempted trial; the logarithm makes changes ratios and the spread of runs proportional), and a change must stand
 * out from the spread <em>between runs</em>. This is the one-way random-effects model: a run's log median is the
 * code's true figure plus a random run effect plus the trials' noise, and a new run of unchanged code varies by the
 * sum of both.
 *
 * <h2>The rule (several runs on a side)</h2>
 * With {@code k} baseline runs and {@code m} current runs: {@code d} = mean current log median − mean baseline log
 * median (the log of the ratio); {@code s²} the variance of the runs' log medians about their side's mean, pooled
 * over both sides when both have two runs or more, else from the side that has them (its degrees of freedom are
 * those of the interval); {@code Var(d) = s²/k + s²/m}, where a side with a single run uses {@code max(s², v)} for it,
 * {@code v} that run's own median's sampling variance from its trials, so a short or scattered run does not pass for
 * more precise than the other side's runs; the interval {@code d ± t·√Var(d)}, {@code t} Student's quantile at
 * {@code 1 − significance/2}. With one current run this is the textbook prediction interval for a new run; Student's
 * {@code t} pays honestly for a spread estimated from few runs (three runs are the fewest that can show anything,
 * five are a good baseline). Then, with {@code δ = ln(1 + minEffect)}:
 * <ul>
 *   <li>SLOWER or FASTER (by the figure's direction) when the interval excludes 0 <em>and</em> {@code |d| ≥ δ}: a
 *       change that is both beyond the noise and large enough to matter;
 *   <li>SAME when the whole interval lies inside {@code (−δ, δ)}: precise enough to rule out a change that matters;
 *   <li>AMBIGUOUS ({@link Ambiguity#NOISE}) otherwise, with the smallest change these runs could have shown.
 * </ul>
 * Under the model, unchanged code is called SLOWER or FASTER in at most {@code significance} of comparisons (less
 * where the noise is below the minimum effect). The default level is 1%: a gate runs dozens of cases on every push,
 * and 5% would fail most builds of a large suite by chance.
 *
 * <h2>What a case's own runs cannot show</h2>
 * The model's run effect is not normal on a shared runner: most runs of a case agree within a few percent and now and
 * then a whole run is 1.3–1.6× slower, which five or ten runs of one case rarely hold. So a comparison against a
 * recorded baseline ({@link #compare(List, List, Better, RunnerSpread)}) widens the interval to at least how far whole
 * runs moved on that runner, measured over all the baseline's cases ({@link RunnerSpread}); runs made in turns with
 * the current ones (A/B mode) share their conditions and are compared without it. In a baseline of three runs or more,
 * a run whose forks disagreed is one more outcome of the code and counts as measured (leaving it out left too few
 * runs to measure a spread by); where that happened in half the baseline's runs or more, the case has two outcomes as
 * a rule, and a change within how far apart its forks lay is AMBIGUOUS ({@link Ambiguity#FLAGGED}). Measured on the
 * image-kernels gate figures of 2026-12-03 (25 CPU cases, 10 unchanged and 10 2× slower builds): against 5 and 10
 * recorded runs, unchanged code went from 10 and 4 false verdicts of 250 to none. Where a case's runs give fewer than
 * 3 degrees of freedom (its clean runs two or three of a mostly contended baseline), the runner's excursion also
 * stands in for the spread they cannot measure, with the normal quantile ({@link BetweenRuns#RUNNER_STANDS_IN_BELOW_DF}
 * says why and what was measured).
 *
 * <h2>One run on each side: provisional</h2>
 * Then the spread between runs cannot be measured. The verdict comes from the trials (median intervals apart, a
 * two-sided Mann-Whitney U test significant, and the medians at least the minimum effect apart, for SLOWER and
 * FASTER; the Hodges-Lehmann interval of the shift inside ±minEffect for SAME; AMBIGUOUS with
 * {@link Ambiguity#TESTS_DISAGREE} or {@link Ambiguity#NOISE} otherwise) and is marked provisional. The trials can
 * only say that this run differs from that run, which on a noisy machine it nearly always does: two runs of
 * unchanged code on an idle 2-core runner differed by up to 17% in clean cases, and by +43% and +39% where a JIT
 * outcome or a contended stretch moved a whole run. So a provisional SLOWER or FASTER also needs a change of at
 * least {@link #PROVISIONAL_EFFECT} (or the minimum effect, if larger): beyond what one run a side can show. A
 * change that the trials see but that is within it is AMBIGUOUS ({@link Ambiguity#NOISE}) and says so. A 2×
 * regression is still SLOWER against a one-run baseline; a 50% one needs more runs, or A/B mode.
 *
 * <h2>Flagged runs: bounded, not erased</h2>
 * A run that telemetry flagged throttled, shared or (on the CPU) contended ran slower than the code alone would have,
 * and its flags say by how much where that was measured ({@link RunSamples#slowdown()}: the CPU's contention probe, a
 * GPU's clocks). A side's clean runs are its figure, and its flagged runs are left out and named; only a side whose
 * every run was flagged stands on its flagged runs, and a side whose clean runs all ran more than 1.5× worse than one
 * of its contended runs (which contention could only have slowed: the clean runs timed an outcome of their JVM) stands
 * on all its runs ({@link UsableRuns}). Then the verdict must hold with each flagged run at the best its
 * flag allows (times divided by the slowdown it had beyond the other side's typical slowdown: {@link FlaggedRuns}):
 * SLOWER when the current side's flagged runs at their best are still
 * slower, FASTER when the baseline's at their best are still slower than the current code, SAME when both hold; a
 * change within what the flags explain is AMBIGUOUS ({@link Ambiguity#FLAGGED}). So a 2× regression measured on a
 * core the probe found 1.3× slow is SLOWER, with the flag in its reason; a +20% measured there is AMBIGUOUS. Before,
 * any flag erased the verdict, and a kernel made 2.2–3.2× slower passed a gate whose runs were all flagged. A run whose
 * forks disagreed ({@code forks-disagree}, with the ratio of its forks' medians) is bounded the same way, both ways:
 * its figure may sit on the faster or the slower outcome, so a verdict against it must hold with its times divided
 * and multiplied by the ratio.
 *
 * <h2>Before any statistics</h2>
 * AMBIGUOUS when a side has no run of the case ({@link Ambiguity#NOT_COMPARABLE}), when every run of a side was
 * flagged with no measured slowdown, such as a GPU shared with another process ({@link Ambiguity#FLAGGED}), when the
 * sides used different clocks ({@link Ambiguity#CLOCKS_DIFFER}), or when a run has no samples
 * ({@link Ambiguity#TOO_FEW_SAMPLES}).
 *
 * @param significance the level: the interval covers {@code 1 − significance}; in (0, 1)
 * @param minEffect the smallest relative change that counts, such as 0.05 for 5%; at least 0
 */
public record CaseComparator(double significance, double minEffect) {

  /** The default level: 99% intervals. */
  public static final double DEFAULT_SIGNIFICANCE = 0.01;

  /** The default minimum effect: 5%. */
  public static final double DEFAULT_MIN_EFFECT = 0.05;

  /** The comparator with the default level and minimum effect. */
  public static final CaseComparator DEFAULT = new CaseComparator(DEFAULT_SIGNIFICANCE, DEFAULT_MIN_EFFECT);

  /**
   * The smallest change a provisional verdict (one run on each side) calls SLOWER or FASTER: how far two runs of
   * unchanged code can differ on a runner, which one run a side cannot measure. Chosen from runs of unchanged code on
   * an idle 2-vCPU runner (the image-kernels gate figures of 2026-12-03, {@code docs/maven-plugin.md}): whole runs of
   * a case moved from its median by more than 1.38× in 10% of 250 runs and by more than 1.52× in 5% ({@link
   * RunnerSpread}'s figure for that runner), unflagged. At 25%, unchanged code was SLOWER in 8 of 250 provisional
   * verdicts and 7 of 10 builds failed; at 55%, 3 of 250 and 3 of 10, while 78 of 90 verdicts on 2× slower cases stayed
   * SLOWER.
   */
  public static final double PROVISIONAL_EFFECT = 0.55;

  /**
   * The smallest spread between runs of host-timed cases that a comparison trusts. Runs recorded back to back agree
   * better than runs made hours apart: on a shared 2-core runner ten consecutive baseline runs of a case spread by
   * ±0.5% to ±2.2%, and later runs of the unchanged code fell up to 16% off them (a JIT outcome, the memory traffic
   * of the host's other tenants, which the probe does not see). Below 4% the runs' own spread promised a precision
   * that the next day did not keep: unchanged code was SLOWER in 4 of 150 verdicts against 10 such runs.
   */
  public static final double HOST_SPREAD_FLOOR = 0.04;

  /**
   * Makes a comparator.
   *
   * @param significance the level, in (0, 1)
   * @param minEffect the minimum relative effect, at least 0
   * @throws IllegalArgumentException naming the value when either is out of range
   */
  public CaseComparator {
    if (!(significance > 0 && significance < 1)) {
      throw new IllegalArgumentException("significance " + significance + " is not between 0 and 1");
    }
    if (!(minEffect >= 0) || Double.isInfinite(minEffect)) {
      throw new IllegalArgumentException("minimum effect " + minEffect + " is not a finite share of at least 0");
    }
  }

  /**
   * Compares one case's per-call time between two runs as results files hold them, as the reports do: each side is
   * one run, so the verdict is provisional.
   *
   * @param baseline the baseline run's case, or null when that run lacks it
   * @param baselineRun the baseline run's id
   * @param current the current run's case, or null
   * @param currentRun the current run's id
   * @return the comparison
   */
  public CaseComparison compare(CaseResult baseline, String baselineRun, CaseResult current, String currentRun) {
    String unusable = RunSamples.unusable(baseline, "the baseline");
    if (unusable == null) {
      unusable = RunSamples.unusable(current, "this run");
    }
    if (unusable != null) {
      return CaseComparison.notCompared(Ambiguity.NOT_COMPARABLE, RunSamples.medianOf(baseline),
          RunSamples.medianOf(current), 1, 1, 0, 0, unusable);
    }
    return compare(List.of(RunSamples.of(baselineRun, baseline)), List.of(RunSamples.of(currentRun, current)),
        Better.LOWER);
  }

  /**
   * Compares runs of one case.
   *
   * @param baseline the baseline's runs
   * @param current the current runs
   * @param better which way the figure improves: {@code LOWER} for times, {@code HIGHER} for rates
   * @return the comparison
   * @throws IllegalArgumentException when the direction is {@code NEITHER}
   */
  public CaseComparison compare(List<RunSamples> baseline, List<RunSamples> current, Better better) {
    return compare(baseline, current, better, RunnerSpread.NONE);
  }

  /**
   * Compares runs of one case against a recorded baseline, whose runs were made at other times than the current
   * ones: a new run may be as far off as whole runs moved on that runner ({@link RunnerSpread}), so the interval
   * between runs is at least that wide.
   *
   * @param baseline the baseline's runs
   * @param current the current runs
   * @param better which way the figure improves: {@code LOWER} for times, {@code HIGHER} for rates
   * @param runner how far whole runs moved on the runner, measured over the baseline's cases
   * @return the comparison
   * @throws IllegalArgumentException when the direction is {@code NEITHER}
   */
  public CaseComparison compare(List<RunSamples> baseline, List<RunSamples> current, Better better,
      RunnerSpread runner) {
    if (better == Better.NEITHER) {
      throw new IllegalArgumentException("a figure that is better neither higher nor lower cannot be called faster "
          + "or slower");
    }
    int k = baseline.size();
    int m = current.size();
    int nb = baseline.stream().mapToInt(RunSamples::size).sum();
    int nc = current.stream().mapToInt(RunSamples::size).sum();
    double mb = geometricMedian(baseline);
    double mc = geometricMedian(current);
    if (k == 0 || m == 0) {
      return CaseComparison.notCompared(Ambiguity.NOT_COMPARABLE, mb, mc, k, m, nb, nc,
          (k == 0 ? "the baseline has" : "this build has") + " no run of the case");
    }
    ForkOutcomes forks = ForkOutcomes.of(baseline);
    baseline = forks.runs();
    // A side's clean runs are its figure, unless a contended run contradicts them; a side with none stands on its
    // flagged runs, bounded by their flags.
    UsableRuns baselineRuns = UsableRuns.of(baseline, better, "baseline run ");
    UsableRuns currentRuns = UsableRuns.of(current, better, "run ");
    List<RunSamples> usableBaseline = baselineRuns.runs();
    List<RunSamples> usableCurrent = currentRuns.runs();
    List<String> flagged = new ArrayList<>();
    List<String> leftOutFlags = new ArrayList<>();
    describeFlags(baseline, usableBaseline, "baseline run ", flagged, leftOutFlags);
    describeFlags(current, usableCurrent, "run ", flagged, leftOutFlags);
    if (usableBaseline.isEmpty() || usableCurrent.isEmpty()) {
      return CaseComparison.notCompared(Ambiguity.FLAGGED, mb, mc, k, m, nb, nc,
          "telemetry flagged " + String.join("; ", leftOutFlags) + " and measured no slowdown to bound "
          + (usableBaseline.isEmpty() ? "the baseline's" : "this build's") + " runs by: the time describes the "
          + "device's state, not the code");
    }
    String clock = usableBaseline.get(0).clock();
    if (usableBaseline.stream().anyMatch(r -> !r.clock().equals(clock))
        || usableCurrent.stream().anyMatch(r -> !r.clock().equals(clock))) {
      return CaseComparison.notCompared(Ambiguity.CLOCKS_DIFFER, mb, mc, k, m, nb, nc,
          "clocks differ: baseline " + clocks(usableBaseline) + ", current " + clocks(usableCurrent));
    }
    if (usableBaseline.stream().anyMatch(r -> r.size() == 0) || usableCurrent.stream().anyMatch(r -> r.size() == 0)) {
      return CaseComparison.notCompared(Ambiguity.TOO_FEW_SAMPLES, mb, mc, k, m, nb, nc,
          "a run has no samples (baseline n=" + sizes(usableBaseline) + ", current n=" + sizes(usableCurrent) + ")");
    }
    String leftOut = forks.note() + baselineRuns.note() + currentRuns.note()
        + (leftOutFlags.isEmpty() ? "" : "; left out, flagged by telemetry: " + String.join("; ", leftOutFlags));
    CaseComparison measured = plain(usableBaseline, usableCurrent, better, runner);
    CaseComparison verdict = flagged.isEmpty() ? measured.withReason(measured.reason() + leftOut)
        : new FlaggedRuns(this).judge(usableBaseline, usableCurrent, better, runner, measured, flagged, leftOut);
    return forks.bound(verdict);
  }

  private static void describeFlags(List<RunSamples> runs, List<RunSamples> used, String side, List<String> flagged,
      List<String> leftOut) {
    for (RunSamples r : runs) {
      for (String f : r.flags()) {
        (used.contains(r) ? flagged : leftOut).add(side + r.runId() + ": " + f);
      }
    }
  }

  /** The comparison of runs taken as measured: between runs where a side has several, within runs otherwise. */
  CaseComparison plain(List<RunSamples> baseline, List<RunSamples> current, Better better,
      RunnerSpread runner) {
    if (baseline.size() == 1 && current.size() == 1) {
      return new WithinRun(this).judge(baseline.get(0).values(), current.get(0).values(), better);
    }
    return new BetweenRuns(this).judge(baseline, current, better, runner, geometricMedian(baseline),
        geometricMedian(current),
        baseline.stream().mapToInt(RunSamples::size).sum(), current.stream().mapToInt(RunSamples::size).sum());
  }

  static boolean worse(double change, Better better) {
    return better == Better.LOWER ? change > 0 : change < 0;
  }

  private static double geometricMedian(List<RunSamples> runs) {
    double[] logs = runs.stream().filter(r -> r.size() > 0).mapToDouble(r -> Math.log(r.median())).toArray();
    return logs.length == 0 ? Double.NaN : Math.exp(Arrays.stream(logs).average().orElseThrow());
  }

  private static String clocks(List<RunSamples> runs) {
    return String.join("/", runs.stream().map(RunSamples::clock).distinct().toList());
  }

  private static String sizes(List<RunSamples> runs) {
    return String.join(",", runs.stream().map(r -> String.valueOf(r.size())).toList());
  }

  String level() {
    return pct(1 - significance);
  }

  static String pct(double share) {
    double p = share * 100;
    return Math.abs(p) < 10 ? String.format(Locale.ROOT, "%.1f%%", p) : String.format(Locale.ROOT, "%.0f%%", p);
  }

  static String signed(double change) {
    return Figures.signedPercent(change);
  }
}
