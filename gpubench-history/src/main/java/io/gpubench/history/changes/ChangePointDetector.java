package io.gpubench.history.changes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.inference.MannWhitneyUTest;

/**
 * Finds where a series' level shifted: E-divisive means ({@link EDivisive}) to propose change points, a significance
 * test between the stretches either side to keep or drop them, as Apache Otava (formerly MongoDB's Hunter) does it
 * (Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023):
 * <ol>
 *   <li><b>Split.</b> Windows of {@code window} points, half a window apart, each searched divisively: the best
 *       split of each stretch between the points found so far is tested, and kept while its p-value is below a
 *       relaxed level ({@code 10 × maxPValue}, Otava's first pass). Points from every window are pooled: these are
 *       the weak change points. Windows keep a long series from being dominated by its largest shift, and make the
 *       cost linear in the series' length.
 *   <li><b>Merge.</b> Repeatedly, the weak point with the largest p-value is dropped while that p-value is not
 *       below {@code maxPValue}, else the one with the smallest relative shift while that is below
 *       {@code minMagnitude}; after each drop its neighbours are tested again against their new stretches.
 * </ol>
 * The values are taken as they are: the caller passes logarithms of times, so shifts are ratios and the spread is
 * proportional.
 *
 * <p>Two departures from Otava, measured on the same generated series ({@code ChangePointDetectorTest}: 200 series of
 * 150 medians with 3% noise, 0 to 3 shifts of 5 to 40%, and one run in 50 that is 10 to 30% high, as a preempted or
 * throttled run that no flag caught):
 * <ul>
 *   <li>a new level must hold for {@code minRun} points (3 by default) before it is a change point: otherwise one
 *       such run at the edge of a window splits off as a change of one point;
 *   <li>the test between two stretches is a choice ({@link Test}): Otava's Student's t-test with a pooled variance,
 *       or, the default here, the two-sided Mann-Whitney U test, since one unflagged slow run moves a mean but a
 *       rank only by one.
 * </ul>
 * Otava's own settings ({@link #OTAVA}) found 98.7% of the shifts with 2.60 false change points per 1000 points (15
 * of 50 series without any shift had one); levels of 3 points with the t-test, 98.7% and 1.00 (4 of 50); the
 * default, 99.0% and 0.63 (1 of 50). A real shift in the last two runs is found once a third run confirms it; the
 * gate catches a single slow run on its own.
 *
 * @param window the window length, at least {@code 2 × minRun} (Otava's default is 50)
 * @param maxPValue the level a change point must reach, in (0, 1) (Otava's default is 0.001)
 * @param minMagnitude the smallest relative shift that is kept, at least 0
 * @param minRun the fewest points a level must hold on either side of a change point, at least 1
 * @param test the significance test between the stretches either side of a candidate
 */
public record ChangePointDetector(int window, double maxPValue, double minMagnitude, int minRun, Test test) {

  /** Otava's window and level, shifts of at least 2%, levels of at least 3 points, the rank test. */
  public static final ChangePointDetector DEFAULT = new ChangePointDetector(50, 0.001, 0.02, 3, Test.RANK);

  /** Otava's own: its window and level, its t-test, no minimum shift, levels of one point. */
  public static final ChangePointDetector OTAVA = new ChangePointDetector(50, 0.001, 0, 1, Test.STUDENT);

  /** The significance test between the two stretches either side of a candidate change point. */
  public enum Test {
    /** Student's two-sided t-test with a pooled variance: Otava's. */
    STUDENT,
    /** The two-sided Mann-Whitney U test: an outlier counts as one rank. */
    RANK
  }

  /**
   * Checks the settings.
   *
   * @param window window
   * @param maxPValue level
   * @param minMagnitude minimum shift
   * @param minRun fewest points a level holds
   * @param test the test
   * @throws IllegalArgumentException naming the setting and value at fault
   */
  public ChangePointDetector {
    java.util.Objects.requireNonNull(test, "test");
    if (minRun < 1) {
      throw new IllegalArgumentException("change-point minimum run " + minRun + " must be at least 1 point");
    }
    if (window < 2 * minRun || window < 4) {
      throw new IllegalArgumentException("change-point window " + window + " must be at least 4 points and twice "
          + "the minimum run of " + minRun);
    }
    if (!(maxPValue > 0 && maxPValue < 1)) {
      throw new IllegalArgumentException("change-point p-value " + maxPValue + " is not between 0 and 1");
    }
    if (!(minMagnitude >= 0) || Double.isInfinite(minMagnitude)) {
      throw new IllegalArgumentException("change-point minimum shift " + minMagnitude + " is not a share of at "
          + "least 0");
    }
  }

  /**
   * The change points of a series.
   *
   * @param values the series, in order (logarithms of a figure)
   * @return the change points, by index
   */
  public List<ChangePoint> detect(double[] values) {
    return detect(values, cp -> cp.magnitude() >= minMagnitude);
  }

  /**
   * The change points of a series, with a rule of the caller's for the smallest shift that counts instead of
   * {@code minMagnitude}: in the merge, while a change point's shift fails the rule, the one with the smallest
   * relative shift among those is dropped and its neighbours are tested again. Memory series use the gate's memory
   * rule ({@link io.gpubench.results.compare.MemoryFigure}), an allowance of 1% plus a fixed amount, not a share.
   *
   * @param values the series, in order
   * @param large whether a change point's shift is large enough to keep
   * @return the change points, by index
   */
  public List<ChangePoint> detect(double[] values, Predicate<ChangePoint> large) {
    return detect(values, (cp, from, to) -> large.test(cp));
  }

  /**
   * A caller's rule for whether a change point holds, seen with the stretches either side of it: the values
   * {@code [from, index)} before it and {@code [index, to)} after, up to its neighbours.
   */
  @FunctionalInterface
  public interface Holds {
    /**
     * Whether the change point holds.
     *
     * @param cp the change point, as the values show it
     * @param from the first index of the stretch before it
     * @param to one past the last index of the stretch after it
     * @return true to keep it
     */
    boolean test(ChangePoint cp, int from, int to);
  }

  /**
   * The change points of a series, with a rule of the caller's that sees each change point's stretches: in the
   * merge, while a change point fails the rule, the one with the smallest relative shift among those is dropped and
   * its neighbours are tested again. Series of flagged times use it to test a shift with the flagged points taken at
   * their best ({@link Change}).
   *
   * @param values the series, in order
   * @param holds whether a change point holds
   * @return the change points, by index
   */
  public List<ChangePoint> detect(double[] values, Holds holds) {
    if (values.length < Math.max(4, 2 * minRun)) {
      return List.of();
    }
    EDivisive calc = new EDivisive(values, 1.0);
    double firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
    List<Integer> weak = new ArrayList<>();
    int step = Math.max(1, window / 2);
    int start = 0;
    while (start < values.length) {
      int end = Math.min(start + window, values.length);
      List<Integer> found = divisive(values, calc, start, end, firstPass);
      int last = found.isEmpty() ? 0 : found.get(found.size() - 1);
      for (int f : found) {
        if (!weak.contains(f)) {
          weak.add(f);
        }
      }
      if (end == values.length) {
        break;
      }
      start = Math.max(last, start + step);
    }
    weak.sort(Comparator.naturalOrder());
    return merge(values, weak, holds);
  }

  /**
   * Tests two stretches as the merge tests a change point between them, with this detector's test, level and
   * smallest shift: the change point they make, or null where it is not significant or smaller than
   * {@code minMagnitude}.
   *
   * @param before the values before (logarithms)
   * @param after the values after
   * @return the change point at {@code before.length}, or null
   */
  public ChangePoint significant(double[] before, double[] after) {
    double[] z = new double[before.length + after.length];
    System.arraycopy(before, 0, z, 0, before.length);
    System.arraycopy(after, 0, z, before.length, after.length);
    ChangePoint cp = new ChangePoint(before.length, mean(z, 0, before.length), mean(z, before.length, z.length),
        test(z, 0, before.length, z.length));
    return cp.pValue() < maxPValue && cp.magnitude() >= minMagnitude ? cp : null;
  }

  // Divisive search within one window: split the stretch whose best candidate is strongest, while it is significant.
  private List<Integer> divisive(double[] z, EDivisive calc, int start, int end, double level) {
    List<Integer> points = new ArrayList<>();
    while (true) {
      EDivisive.Candidate best = null;
      int lo = start;
      int hi = end;
      List<Integer> bounds = new ArrayList<>();
      bounds.add(start);
      bounds.addAll(points);
      bounds.add(end);
      for (int i = 0; i + 1 < bounds.size(); i++) {
        EDivisive.Candidate c = calc.best(bounds.get(i), bounds.get(i + 1), minRun);
        if (c != null && (best == null || c.q() > best.q())) {
          best = c;
          lo = bounds.get(i);
          hi = bounds.get(i + 1);
        }
      }
      if (best == null) {
        return points;
      }
      double p = test(z, lo, best.index(), hi);
      if (!(p <= level)) {
        return points;
      }
      points.add(best.index());
      points.sort(Comparator.naturalOrder());
    }
  }

  private List<ChangePoint> merge(double[] z, List<Integer> weak, Holds holds) {
    List<Integer> points = new ArrayList<>(weak);
    while (!points.isEmpty()) {
      List<ChangePoint> stats = stats(z, points);
      ChangePoint weakest = stats.stream().max(Comparator.comparingDouble(ChangePoint::pValue)).orElseThrow();
      if (weakest.pValue() < maxPValue) {
        List<ChangePoint> failing = new ArrayList<>();
        for (int i = 0; i < stats.size(); i++) {
          int from = i == 0 ? 0 : points.get(i - 1);
          int to = i + 1 == points.size() ? z.length : points.get(i + 1);
          if (!holds.test(stats.get(i), from, to)) {
            failing.add(stats.get(i));
          }
        }
        Optional<ChangePoint> small = failing.stream().min(Comparator.comparingDouble(ChangePoint::magnitude));
        if (small.isEmpty()) {
          return stats;
        }
        weakest = small.get();
      }
      points.remove(Integer.valueOf(weakest.index()));
    }
    return List.of();
  }

  private List<ChangePoint> stats(double[] z, List<Integer> points) {
    List<ChangePoint> out = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      int lo = i == 0 ? 0 : points.get(i - 1);
      int at = points.get(i);
      int hi = i + 1 == points.size() ? z.length : points.get(i + 1);
      out.add(new ChangePoint(at, mean(z, lo, at), mean(z, at, hi), test(z, lo, at, hi)));
    }
    return out;
  }

  private double test(double[] z, int lo, int at, int hi) {
    if (test == Test.STUDENT) {
      return tTest(z, lo, at, hi);
    }
    if (at - lo < 1 || hi - at < 1) {
      return 1;
    }
    double p = new MannWhitneyUTest().mannWhitneyUTest(Arrays.copyOfRange(z, lo, at), Arrays.copyOfRange(z, at, hi));
    return Double.isNaN(p) ? 1 : p;
  }

  /**
   * Student's two-sided t-test with a pooled variance between {@code z[lo..at)} and {@code z[at..hi)}.
   *
   * @param z the values
   * @param lo the first index of the left side
   * @param at the first index of the right side
   * @param hi one past the right side's last
   * @return the p-value; 1 when either side is empty or the test is undefined
   */
  static double tTest(double[] z, int lo, int at, int hi) {
    int n1 = at - lo;
    int n2 = hi - at;
    if (n1 < 1 || n2 < 1 || n1 + n2 < 3) {
      return 1;
    }
    double m1 = mean(z, lo, at);
    double m2 = mean(z, at, hi);
    double ss = 0;
    for (int i = lo; i < at; i++) {
      ss += (z[i] - m1) * (z[i] - m1);
    }
    for (int i = at; i < hi; i++) {
      ss += (z[i] - m2) * (z[i] - m2);
    }
    int df = n1 + n2 - 2;
    double s2 = ss / df;
    double se = Math.sqrt(s2 * (1.0 / n1 + 1.0 / n2));
    if (se == 0) {
      return m1 == m2 ? 1 : 0;
    }
    double t = Math.abs(m1 - m2) / se;
    return 2 * (1 - new TDistribution(df).cumulativeProbability(t));
  }

  private static double mean(double[] z, int lo, int hi) {
    return Arrays.stream(z, lo, hi).sum() / (hi - lo);
  }
}
