package io.gpubench.engine.statistics;

import io.gpubench.api.result.Statistics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The statistics of a case measured in several forks (worker processes), whose interval says what another run would
 * give, not only how consecutive trials in one process agree. Forks differ by more than their trials' noise explains
 * (each has its own JIT profile, code layout, heap and timing of compiles), and a run is one draw of that.
 *
 * <p>The rule, a one-way random-effects model on the log scale with the forks as groups, as the gate's comparison of
 * runs is made ({@code CaseComparator}):
 * <ul>
 *   <li>each fork gives the logarithm of its median, {@code y_i}, with the standard error of {@link MedianInterval};
 *   <li>the standard error of their mean is the larger of two estimates: from the spread of the {@code y_i},
 *       {@code s_between / √F} with {@code F − 1} degrees of freedom, and from the trials' own noise,
 *       {@code √(Σ se_i²) / F} with {@code Σ(n_i − 1)} degrees of freedom. The first is the unbiased estimate when the
 *       forks differ; where they agree better than their noise allows (the between-fork variance estimate would be
 *       negative) the second bounds it from below, as truncating that variance at zero does;
 *   <li>the interval is the median of all trials times {@code exp(±t · se)}, Student's {@code t} (Hipparchus) with the
 *       degrees of freedom of the estimate used: never below zero, and around the figure the case reports. With two
 *       forks that disagree, its quantile is 12.7 at 95%: two forks show that runs differ far better than they say by
 *       how much (then {@link ForkAgreement} flags them and the engine measures more).
 * </ul>
 * The order statistics (median, min, max, percentiles) and the standard deviation are those of all trials pooled;
 * the mean is the mean of the fork means, each fork weighing the same (a fork that ran more trials is not more likely
 * to be the next run).
 */
public final class ForkStatistics {

  private ForkStatistics() {}

  /**
   * The combined statistics and how the interval was made.
   *
   * @param statistics the statistics
   * @param detail the rule's figures, such as {@code "2 forks, medians 41.2, 42.0 ns: ±6.2% between forks"}
   */
  public record Combined(Statistics statistics, String detail) {}

  /**
   * Combines the forks' samples.
   *
   * @param forks each fork's per-call times, each at least one sample
   * @param confidence the interval's confidence level
   * @return the statistics
   */
  public static Combined of(List<double[]> forks, double confidence) {
    if (forks.isEmpty()) {
      throw new IllegalArgumentException("no forks to combine");
    }
    int f = forks.size();
    int n = forks.stream().mapToInt(x -> x.length).sum();
    double[] pooled = new double[n];
    int k = 0;
    for (double[] fork : forks) {
      System.arraycopy(fork, 0, pooled, k, fork.length);
      k += fork.length;
    }
    Statistics all = SampleStatistics.of(pooled, confidence);
    if (f == 1) {
      return new Combined(all, String.format(Locale.ROOT, "1 fork: ±%.2f%%", all.relativeHalfWidth() * 100));
    }
    double[] logMedians = new double[f];
    double[] medians = new double[f];
    double meanOfMeans = 0;
    double withinVariance = 0;
    int withinDf = 0;
    for (int i = 0; i < f; i++) {
      double[] sorted = forks.get(i).clone();
      Arrays.sort(sorted);
      medians[i] = SampleStatistics.percentile(sorted, 0.5);
      logMedians[i] = MedianInterval.log(medians[i]);
      meanOfMeans += SampleStatistics.mean(sorted) / f;
      double se = MedianInterval.logStandardError(sorted);
      withinVariance += se * se;
      withinDf += Math.max(0, sorted.length - 1);
    }
    double y = Arrays.stream(logMedians).sum() / f;
    double ss = 0;
    for (double v : logMedians) {
      ss += (v - y) * (v - y);
    }
    double seBetween = Math.sqrt(ss / (f - 1) / f);
    double seWithin = Math.sqrt(withinVariance) / f;
    double half;
    String basis;
    if (seBetween > seWithin) {
      half = SampleStatistics.tQuantile(confidence, f - 1) * seBetween;
      basis = "between forks (" + (f - 1) + " degree" + (f == 2 ? "" : "s") + " of freedom)";
    } else if (withinDf > 0) {
      half = SampleStatistics.tQuantile(confidence, withinDf) * seWithin;
      basis = "within forks (the forks agree within their noise)";
    } else {
      half = 0;
      basis = "one trial a fork";
    }
    double median = all.median();
    Statistics s = new Statistics(all.n(), meanOfMeans, median, all.min(), all.max(), all.stdev(), all.p90(),
        all.p99(), confidence, median * Math.exp(-half), median * Math.exp(half));
    List<String> m = new ArrayList<>();
    for (double v : medians) {
      m.add(String.format(Locale.ROOT, "%.4g", v));
    }
    String detail = String.format(Locale.ROOT, "%d forks, medians %s ns: ±%.2f%% %s", f, String.join(", ", m),
        MedianInterval.relativeHalfWidth(half) * 100, basis);
    return new Combined(s, detail);
  }
}
