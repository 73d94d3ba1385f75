package io.gpubench.history.changes;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Series with known shifts, as benchmark medians behave over runs: log-normal run-to-run noise, a heavy tail (a run
 * in 50 lands 10 to 30% high, a preempted or throttled run that no flag caught), and shifts of 5 to 40% at places
 * drawn at random, at least {@code minSegment} points apart.
 */
final class GeneratedSeries {

  /**
   * A series and where its level shifts.
   *
   * @param logValues the logarithms of the medians
   * @param shifts the first index of each new level
   */
  record Generated(double[] logValues, List<Integer> shifts) {}

  private GeneratedSeries() {}

  static Generated generate(Random r, int length, int shifts, double noise, int minSegment) {
    List<Integer> at = new ArrayList<>();
    int guard = 0;
    while (at.size() < shifts && guard++ < 10_000) {
      int i = minSegment + r.nextInt(length - 2 * minSegment);
      if (at.stream().allMatch(j -> Math.abs(j - i) >= minSegment)) {
        at.add(i);
      }
    }
    at.sort(null);
    double level = Math.log(1000 + r.nextInt(100_000));
    double[] z = new double[length];
    int next = 0;
    for (int i = 0; i < length; i++) {
      if (next < at.size() && at.get(next) == i) {
        double size = 0.05 + 0.35 * r.nextDouble();
        level += (r.nextBoolean() ? 1 : -1) * Math.log1p(size);
        next++;
      }
      double outlier = r.nextInt(50) == 0 ? Math.log1p(0.1 + 0.2 * r.nextDouble()) : 0;
      z[i] = level + noise * r.nextGaussian() + outlier;
    }
    return new Generated(z, at);
  }

  /**
   * How detections match known shifts: a detection within {@code tolerance} points of a shift finds it (each shift
   * found once); any other detection is false.
   *
   * @param truth the shifts
   * @param found the detections
   * @param tolerance points either side
   * @return {found, false}
   */
  static int[] score(List<Integer> truth, List<ChangePoint> found, int tolerance) {
    boolean[] used = new boolean[truth.size()];
    int hits = 0;
    int falses = 0;
    for (ChangePoint cp : found) {
      int match = -1;
      for (int t = 0; t < truth.size(); t++) {
        if (!used[t] && Math.abs(truth.get(t) - cp.index()) <= tolerance) {
          match = t;
          break;
        }
      }
      if (match >= 0) {
        used[match] = true;
        hits++;
      } else {
        falses++;
      }
    }
    return new int[] {hits, falses};
  }
}
