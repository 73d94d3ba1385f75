package io.gpubench.history.changes;

import io.gpubench.api.Better;
import io.gpubench.history.series.Point;
import java.util.List;

/**
 * Whether a change point of a series of flagged times holds beyond what the flags explain, as the gate judges flagged
 * runs ({@code FlaggedRuns} in gpubench-results): the stretch that got worse is taken at its best, each of its points
 * relieved of the slowdown it measured beyond the other stretch's typical slowdown (the geometric mean of that
 * stretch's, a clean point's being 1), and the shift must still be significant, as large as the detector's smallest
 * and the same way. Contention that both stretches shared slowed both alike; only a point more contended than the
 * other stretch's figure can owe its difference to it, so a series whose contention moved from 1.7× to 2.0× makes no
 * change point, and a 2× slower code on a runner contended throughout still does.
 */
final class BoundedShift implements ChangePointDetector.Holds {
  private final List<Point> points;
  private final Better better;
  private final ChangePointDetector detector;

  /**
   * The rule over the points searched.
   *
   * @param points the points, each clean or bounded ({@link Point#bounded()})
   * @param better which way the figure is better
   * @param detector the detector, whose test, level and smallest shift the shift must pass again
   */
  BoundedShift(List<Point> points, Better better, ChangePointDetector detector) {
    this.points = points;
    this.better = better;
    this.detector = detector;
  }

  // Taking the worse stretch at its best only narrows the shift, so the retest also enforces the smallest shift.
  @Override
  public boolean test(ChangePoint cp, int from, int to) {
    int at = cp.index();
    boolean worse = better == Better.LOWER ? cp.ratio() > 1 : cp.ratio() < 1;
    double[] before = searched(from, at, worse ? Double.NaN : typical(at, to));
    double[] after = searched(at, to, worse ? typical(from, at) : Double.NaN);
    ChangePoint again = detector.significant(before, after);
    return again != null && (again.ratio() > 1) == (cp.ratio() > 1);
  }

  /** The typical slowdown of points {@code [from, to)}: the geometric mean of theirs. */
  private double typical(int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += Math.log(points.get(i).slowdown());
    }
    return Math.exp(sum / (to - from));
  }

  /**
   * The logarithms of points {@code [from, to)}, each taken at its best against another stretch's typical slowdown,
   * or as measured where that is NaN.
   */
  private double[] searched(int from, int to, double otherTypical) {
    double[] z = new double[to - from];
    for (int i = from; i < to; i++) {
      Point p = points.get(i);
      double excess = Double.isNaN(otherTypical) ? 1 : Math.max(1, p.slowdown() / otherTypical);
      z[i - from] = Math.log(better == Better.LOWER ? p.value() / excess : p.value() * excess);
    }
    return z;
  }
}
