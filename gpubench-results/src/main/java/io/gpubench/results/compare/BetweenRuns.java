package io.gpubench.results.compare;

import static io.gpubench.results.compare.CaseComparator.pct;
import static io.gpubench.results.compare.CaseComparator.signed;
import static io.gpubench.results.compare.CaseComparator.worse;

import io.gpubench.api.Better;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.hipparchus.distribution.RealDistribution;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * {@link CaseComparator}'s rule where a side has several runs: the runs' log medians, Student's {@code t} on the
 * spread between them, widened to the runner's excursion against a recorded baseline. The class comment of
 * {@link CaseComparator} states the rule; this is its arithmetic.
 */
final class BetweenRuns {
  // A spread of runs below 0.1% is the clock's resolution, not a measured precision: identical medians (a coarse
  // timer) must not make a 0.2% change "significant".
  private static final double SPREAD_FLOOR = 1e-3;

  /**
   * Below these degrees of freedom a case's own runs do not measure their spread, and the runner's excursion, measured
   * over all the baseline's cases, stands in for it: the spread taken is at least the excursion read as a normal
   * 95% half-width ({@code excursion / 1.96}), with the normal quantile instead of Student's. Where most runs of a
   * case are flagged contended, its clean runs are two or three: two clean baseline runs and the current one gave
   * Student's t with 1 degree of freedom (63.7 at 99%), an interval of ÷12 to ×42 around a 2× slower blur, and the
   * gate passed 4 of 10 such builds on a 2-vCPU AMD VM. Replayed on four idle gate runs of that VM (1,000 verdicts on
   * unchanged code against 10 runs): no false verdict with or without this, 2× slower cases SLOWER 98 of 360 instead
   * of 63, builds failed 37 of 40 instead of 33. From 3 degrees of freedom (four runs), one of the four runs gave 3
   * false verdicts of 250: there the case's own spread, however few its runs, is taken with Student's t.
   */
  static final int RUNNER_STANDS_IN_BELOW_DF = 3;

  // The normal quantile a 95% half-width stands at.
  private static final double Z95 = 1.959964;

  private final CaseComparator comparator;

  BetweenRuns(CaseComparator comparator) {
    this.comparator = comparator;
  }

  CaseComparison judge(List<RunSamples> baseline, List<RunSamples> current, Better better,
      RunnerSpread runner, double mb, double mc, int nb, int nc) {
    double[] yb = logMedians(baseline);
    double[] yc = logMedians(current);
    int k = yb.length;
    int m = yc.length;
    double ssb = sumOfSquares(yb);
    double ssc = sumOfSquares(yc);
    int df;
    double s2;
    if (k >= 2 && m >= 2) {
      df = k + m - 2;
      s2 = (ssb + ssc) / df;
    } else if (k >= 2) {
      df = k - 1;
      s2 = ssb / df;
    } else {
      df = m - 1;
      s2 = ssc / df;
    }
    boolean host = baseline.get(0).clock().equals(RunSamples.HOST);
    double measuredSpread = Math.sqrt(s2);
    s2 = Math.max(s2, Math.pow(host ? CaseComparator.HOST_SPREAD_FLOOR : SPREAD_FLOOR, 2));
    Optional<RunnerSpread.Excursion> standsIn = df < RUNNER_STANDS_IN_BELOW_DF
        ? runner.on(baseline.get(0).clock()) : Optional.empty();
    double floored = s2;
    if (standsIn.isPresent()) {
      s2 = Math.max(s2, Math.pow(standsIn.get().log() / Z95, 2));
    }
    double var = side(s2, baseline) / k + side(s2, current) / m;
    double se = Math.sqrt(var);
    RealDistribution t = standsIn.isPresent() ? new NormalDistribution() : new TDistribution(df);
    double q = t.inverseCumulativeProbability(1 - comparator.significance() / 2);
    double d = mean(yc) - mean(yb);
    double h = q * se;
    // The baseline's runs were made at other times: a new run may be as far off as whole runs moved on the runner.
    Optional<RunnerSpread.Excursion> excursion = runner.on(baseline.get(0).clock()).filter(e -> e.log() > q * se);
    if (excursion.isPresent()) {
      h = excursion.get().log();
    }
    double p = 2 * (1 - t.cumulativeProbability(Math.abs(d) / se));
    double delta = Math.log1p(comparator.minEffect());
    double ratio = Math.exp(d);
    String spread = standsIn.isPresent()
        ? pct(Math.expm1(measuredSpread)) + (s2 > floored ? ", taken as ±" + pct(Math.expm1(Math.sqrt(s2))) : "")
            + " with the normal quantile (" + (k + m) + " runs cannot measure their spread; the runner's whole runs"
            + " moved up to ×" + String.format(Locale.ROOT, "%.2f", standsIn.get().factor()) + " at the 95th"
            + " percentile, and the spread taken is at least that)"
        : host && measuredSpread < CaseComparator.HOST_SPREAD_FLOOR
        ? pct(Math.expm1(measuredSpread)) + ", taken as ±" + pct(CaseComparator.HOST_SPREAD_FLOOR) + " (the least host-timed runs are "
            + "trusted to spread)"
        : pct(Math.expm1(Math.sqrt(s2)));
    String runs = String.format(Locale.ROOT, "%d baseline %s, %d current %s; runs spread ±%s%s", k,
        k == 1 ? "run" : "runs", m, m == 1 ? "run" : "runs", spread, excursion.map(e -> "; the interval is "
            + "widened to ×" + String.format(Locale.ROOT, "%.2f", e.factor()) + " either way: " + e.describe())
            .orElse(""));
    String interval = String.format(Locale.ROOT, "%s to %s at %s", CaseComparison.intervalEnd(Math.exp(d - h)),
        CaseComparison.intervalEnd(Math.exp(d + h)), comparator.level());
    Verdict verdict;
    Ambiguity why = null;
    String reason;
    if ((d - h > 0 || d + h < 0) && Math.abs(d) >= delta) {
      verdict = worse(d, better) ? Verdict.SLOWER : Verdict.FASTER;
      reason = String.format(Locale.ROOT, "between runs: %s (%s), beyond the noise and the minimum effect of %s; %s; "
          + "p=%.2g", signed(ratio - 1), interval, pct(comparator.minEffect()), runs, p);
    } else if (d - h > -delta && d + h < delta) {
      verdict = Verdict.SAME;
      reason = String.format(Locale.ROOT, "between runs: %s (%s), inside ±%s; %s", signed(ratio - 1), interval,
          pct(comparator.minEffect()), runs);
    } else {
      verdict = Verdict.AMBIGUOUS;
      why = Ambiguity.NOISE;
      reason = String.format(Locale.ROOT, "between runs: %s (%s) %s; %s: these runs can show a change beyond "
          + "±%s (record more baseline runs, or compare in A/B mode on the same machine)", signed(ratio - 1),
          interval, Math.abs(d) >= delta ? "includes no change" : "does not rule out ±" + pct(comparator.minEffect()), runs,
          pct(Math.expm1(Math.max(h, delta))));
    }
    return new CaseComparison(verdict, why, false, mb, mc, ratio, Math.exp(d - h), Math.exp(d + h), p, k, m, nb, nc,
        reason);
  }

  // A side of one run counts at least that run's own sampling variance; a side of several is represented by s².
  private static double side(double s2, List<RunSamples> runs) {
    if (runs.size() > 1) {
      return s2;
    }
    double v = Intervals.logMedianVariance(runs.get(0).values());
    return Double.isNaN(v) ? s2 : Math.max(s2, v);
  }

  private static double[] logMedians(List<RunSamples> runs) {
    return runs.stream().mapToDouble(r -> Math.log(r.median())).toArray();
  }

  private static double mean(double[] xs) {
    return Arrays.stream(xs).sum() / xs.length;
  }

  private static double sumOfSquares(double[] xs) {
    double mu = mean(xs);
    return Arrays.stream(xs).map(x -> (x - mu) * (x - mu)).sum();
  }
}
