package io.gpubench.engine.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.hipparchus.distribution.continuous.ChiSquaredDistribution;

/**
 * Whether the forks of a case reached different outcomes: medians further apart than their own trials' spread
 * explains, and far enough apart to matter. Two JIT profiles of one method (a loop vectorised in one JVM and not in
 * the other) are the usual cause; JMH users meet them as bimodal forks. Averaged without a word they make a figure
 * between two outcomes that no run gives, with an interval of hundreds of percent.
 *
 * <p>The rule: Cochran's Q over the forks' log medians, each weighed by its precision ({@link MedianInterval}'s
 * standard error, at least {@value #SE_FLOOR} so that a coarse clock's identical trials do not weigh infinitely),
 * against the chi-squared distribution with {@code F − 1} degrees of freedom at the {@value #LEVEL} level; and the
 * slowest fork's median at least {@value #MIN_RATIO} times the fastest's. A difference of a few percent between
 * JVMs is the between-fork spread the interval already reports, not a second outcome.
 */
public final class ForkAgreement {
  /** The significance level of the test. */
  static final double LEVEL = 0.01;

  /** The least ratio of the extreme forks' medians that counts as a disagreement. */
  public static final double MIN_RATIO = 1.10;

  /** The least standard error of a fork's log median. */
  static final double SE_FLOOR = 1e-3;

  private ForkAgreement() {}

  /**
   * Forks that disagree.
   *
   * @param ratio the slowest fork's median over the fastest's
   * @param medians each fork's median, in fork order
   * @param detail the figures, for the flag: each fork's median, the ratio, the test
   */
  public record Disagreement(double ratio, List<Double> medians, String detail) {

    /**
     * Copies the medians.
     *
     * @param ratio ratio
     * @param medians medians
     * @param detail detail
     */
    public Disagreement {
      medians = List.copyOf(medians);
    }
  }

  /**
   * Tests forks.
   *
   * @param forks each fork's per-call times on the case's headline clock
   * @return the disagreement, or empty when the forks agree (or there are fewer than two)
   */
  public static Optional<Disagreement> of(List<double[]> forks) {
    int f = forks.size();
    if (f < 2) {
      return Optional.empty();
    }
    double[] y = new double[f];
    double[] w = new double[f];
    List<Double> medians = new ArrayList<>();
    for (int i = 0; i < f; i++) {
      double[] sorted = forks.get(i).clone();
      Arrays.sort(sorted);
      double median = SampleStatistics.percentile(sorted, 0.5);
      medians.add(median);
      y[i] = MedianInterval.log(median);
      double se = Math.max(SE_FLOOR, MedianInterval.logStandardError(sorted));
      w[i] = 1 / (se * se);
    }
    double sw = Arrays.stream(w).sum();
    double mean = 0;
    for (int i = 0; i < f; i++) {
      mean += w[i] * y[i] / sw;
    }
    double q = 0;
    for (int i = 0; i < f; i++) {
      q += w[i] * (y[i] - mean) * (y[i] - mean);
    }
    double p = 1 - new ChiSquaredDistribution(f - 1).cumulativeProbability(q);
    double fastest = medians.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double slowest = medians.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double ratio = fastest > 0 ? slowest / fastest : Double.POSITIVE_INFINITY;
    if (!(p < LEVEL) || ratio < MIN_RATIO) {
      return Optional.empty();
    }
    List<String> each = new ArrayList<>();
    for (int i = 0; i < f; i++) {
      each.add(String.format(Locale.ROOT, "fork %d %s", i + 1, nanos(medians.get(i))));
    }
    String detail = String.format(Locale.ROOT, "the forks' medians differ %.2fx (%s), beyond their trials' spread"
        + " (Cochran's Q %.3g on %d degrees of freedom, p=%.2g): different outcomes of the same code, such as two JIT"
        + " profiles", ratio, String.join(", ", each), q, f - 1, p);
    return Optional.of(new Disagreement(ratio, medians, detail));
  }

  private static String nanos(double v) {
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.4g ms", v / 1e6);
    }
    if (v >= 1e3) {
      return String.format(Locale.ROOT, "%.4g µs", v / 1e3);
    }
    return String.format(Locale.ROOT, "%.4g ns", v);
  }
}
