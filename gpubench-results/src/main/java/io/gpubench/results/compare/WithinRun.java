package io.gpubench.results.compare;

import static io.gpubench.results.compare.CaseComparator.pct;
import static io.gpubench.results.compare.CaseComparator.signed;
import static io.gpubench.results.compare.CaseComparator.worse;

import io.gpubench.api.Better;
import java.util.Arrays;
import java.util.Locale;
import org.hipparchus.stat.inference.MannWhitneyUTest;

/**
 * {@link CaseComparator}'s provisional rule, one run on each side: the trials' tests (medians' intervals, a
 * Mann-Whitney U test, the Hodges-Lehmann shift), and a change beyond {@link CaseComparator#PROVISIONAL_EFFECT}
 * before a SLOWER or FASTER. The class comment of {@link CaseComparator} says why.
 */
final class WithinRun {
  private final CaseComparator comparator;

  WithinRun(CaseComparator comparator) {
    this.comparator = comparator;
  }

  CaseComparison judge(double[] baseline, double[] current, Better better) {
    int nb = baseline.length;
    int nc = current.length;
    double mb = Intervals.median(baseline);
    double mc = Intervals.median(current);
    double change = mc / mb - 1;
    if (nb < 2 || nc < 2) {
      return new CaseComparison(Verdict.AMBIGUOUS, Ambiguity.TOO_FEW_SAMPLES, true, mb, mc, mc / mb, Double.NaN,
          Double.NaN, Double.NaN, 1, 1, nb, nc, "one run each side, too few samples for a test (baseline n=" + nb
          + ", current n=" + nc + ")");
    }
    double[] ib = Intervals.ofMedian(baseline, comparator.significance());
    double[] ic = Intervals.ofMedian(current, comparator.significance());
    boolean disjoint = ic[0] > ib[1] || ic[1] < ib[0];
    double p = rankTestP(baseline, current);
    boolean significant = p < comparator.significance();
    boolean large = Math.abs(change) >= comparator.minEffect();
    double provisionalEffect = Math.max(comparator.minEffect(), CaseComparator.PROVISIONAL_EFFECT);
    boolean beyondOneRun = Math.abs(Math.log(mc / mb)) >= Math.log1p(provisionalEffect);
    double[] shift = Intervals.ofShift(baseline, current, comparator.significance());
    double low = shift[0] / mb;
    double high = shift[1] / mb;
    double ratioLow = Double.isInfinite(low) ? 0 : 1 + low;
    double ratioHigh = Double.isInfinite(high) ? Double.POSITIVE_INFINITY : 1 + high;
    String provisional = "one run each side (provisional: the spread between runs is not measured)";
    if (disjoint && significant && large && beyondOneRun) {
      Verdict v = worse(change, better) ? Verdict.SLOWER : Verdict.FASTER;
      return new CaseComparison(v, null, true, mb, mc, mc / mb, ratioLow, ratioHigh, p, 1, 1, nb, nc,
          String.format(Locale.ROOT, "%s: median %s, rank test p=%.2g, medians' intervals apart, beyond the ±%s "
              + "one run a side can show", provisional, signed(change), p, pct(provisionalEffect)));
    }
    if (disjoint && significant && large) {
      return new CaseComparison(Verdict.AMBIGUOUS, Ambiguity.NOISE, true, mb, mc, mc / mb, ratioLow, ratioHigh, p,
          1, 1, nb, nc, String.format(Locale.ROOT, "%s: median %s (rank test p=%.2g, medians' intervals apart), "
              + "within the ±%s one run a side can show on a noisy runner: record more baseline runs (3 or more), or "
              + "compare in A/B mode", provisional, signed(change), p, pct(provisionalEffect)));
    }
    if (low > -comparator.minEffect() && high < comparator.minEffect() && !large) {
      return new CaseComparison(Verdict.SAME, null, true, mb, mc, mc / mb, ratioLow, ratioHigh, p, 1, 1, nb, nc,
          String.format(Locale.ROOT, "%s: shift within [%s, %s], inside ±%s", provisional, signed(low), signed(high),
              pct(comparator.minEffect())));
    }
    Ambiguity why = large && (significant || disjoint) ? Ambiguity.TESTS_DISAGREE : Ambiguity.NOISE;
    String detail;
    if (large) {
      detail = !significant && !disjoint ? "rank test not significant and medians' intervals overlap"
          : !significant ? "rank test not significant" : "medians' intervals overlap";
      detail = String.format(Locale.ROOT, "median %s but %s (p=%.2g)", signed(change), detail, p);
    } else if (Double.isInfinite(low) || Double.isInfinite(high)) {
      detail = String.format(Locale.ROOT, "median %s but too few samples to bound the shift at %s", signed(change),
          comparator.level());
    } else {
      detail = String.format(Locale.ROOT, "median %s but too noisy to rule out ±%s: shift within [%s, %s]",
          signed(change), pct(comparator.minEffect()), signed(low), signed(high));
    }
    return new CaseComparison(Verdict.AMBIGUOUS, why, true, mb, mc, mc / mb, ratioLow, ratioHigh, p, 1, 1, nb, nc,
        provisional + ": " + detail);
  }

  private static double rankTestP(double[] b, double[] c) {
    // With every value tied the statistic's variance is zero and the test is undefined; nothing differs.
    double first = b[0];
    if (Arrays.stream(b).allMatch(v -> v == first) && Arrays.stream(c).allMatch(v -> v == first)) {
      return 1.0;
    }
    double p = new MannWhitneyUTest().mannWhitneyUTest(b, c);
    return Double.isNaN(p) ? 1.0 : p;
  }
}
