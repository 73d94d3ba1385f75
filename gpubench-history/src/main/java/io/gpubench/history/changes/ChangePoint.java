package io.gpubench.history.changes;

/**
 * A change point in a series of values: where the level shifted, how much, and how sure the test is.
 *
 * @param index the first index of the new level
 * @param meanBefore the mean of the stretch before (of the values the detector saw: log figures)
 * @param meanAfter the mean of the stretch after
 * @param pValue the two-sided p-value of the detector's test between the two stretches
 */
public record ChangePoint(int index, double meanBefore, double meanAfter, double pValue) {

  /**
   * The shift as a ratio, for values that are logarithms: {@code exp(after − before)}.
   *
   * @return the ratio of the new level to the old
   */
  public double ratio() {
    return Math.exp(meanAfter - meanBefore);
  }

  /**
   * The relative size of the shift, the larger of forward and backward (Otava's magnitude), for log values.
   *
   * @return the magnitude, at least 0
   */
  public double magnitude() {
    double r = ratio();
    return Math.max(Math.abs(r - 1), Math.abs(1 / r - 1));
  }

  /**
   * The confidence the shift is real: one minus the p-value.
   *
   * @return the confidence
   */
  public double confidence() {
    return 1 - pValue;
  }
}
