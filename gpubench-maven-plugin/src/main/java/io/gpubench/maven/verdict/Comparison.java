package io.gpubench.maven.verdict;

/**
 * The comparison of one case's time samples with its baseline's.
 *
 * @param verdict the verdict
 * @param baselineMedian the baseline's median time per call, ns
 * @param currentMedian the current median time per call, ns
 * @param change the relative change of the median time: {@code current / baseline - 1}; positive is slower
 * @param pValue the two-sided Mann-Whitney U p-value, or NaN when not computed
 * @param intervalsDisjoint whether the confidence intervals of the two medians do not overlap
 * @param baselineSamples samples in the baseline
 * @param currentSamples samples in the current run
 * @param reason why the verdict is what it is, in words
 */
public record Comparison(
    Verdict verdict,
    double baselineMedian,
    double currentMedian,
    double change,
    double pValue,
    boolean intervalsDisjoint,
    int baselineSamples,
    int currentSamples,
    String reason) {

  /**
   * The ratio of the median times, current over baseline.
   *
   * @return the ratio; above 1 is slower
   */
  public double ratio() {
    return currentMedian / baselineMedian;
  }
}
