package io.gpubench.engine.statistics;

import io.gpubench.api.result.Statistics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hipparchus.stat.descriptive.StreamingStatistics;

/**
 * The statistics of a case measured in several forks (worker processes), whose interval says what another run would
 * give, not only how consecutive trials in one process agree. Forks differ by more than their trials' noise explains
 * (each has its own JIT profile, code layout, heap and timing of compiles), and a run is one draw of that.
 *
 * <p>The rule, a one-way random-effects model with the forks as groups:
 * <ul>
 *   <li>the mean is the mean of the fork means, each fork weighing the same (a fork that ran more trials is not
 *       more likely to be the next run);
 *   <li>its standard error is the larger of two estimates: from the spread of the fork means,
 *       {@code s_between / sqrt(F)} with {@code F - 1} degrees of freedom, and from the trials' own noise,
 *       {@code sqrt(sum(s_i^2 / n_i)) / F} with {@code sum(n_i - 1)} degrees of freedom. The first is the unbiased
 *       estimate when the forks differ; where they agree better than their noise allows (the between-fork variance
 *       estimate would be negative) the second bounds it from below, as truncating that variance at zero does;
 *   <li>the interval is the Student-t interval (Hipparchus) with the degrees of freedom of the estimate used. With
 *       two forks that disagree, its quantile is 12.7 at 95%: two forks show that runs differ far better than they
 *       say by how much.
 * </ul>
 * The order statistics (median, min, max, percentiles) and the standard deviation are those of all trials pooled.
 */
public final class ForkStatistics {

  private ForkStatistics() {}

  /**
   * The combined statistics and how the interval was made.
   *
   * @param statistics the statistics
   * @param detail the rule's figures, such as {@code "2 forks: means 41.2 and 42.0 ns; between-fork ±6.2%"}
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
    List<Double> means = new ArrayList<>();
    double withinVariance = 0;
    int withinDf = 0;
    int n = 0;
    for (double[] fork : forks) {
      StreamingStatistics s = new StreamingStatistics();
      Arrays.stream(fork).forEach(s::addValue);
      means.add(s.getMean());
      if (fork.length > 1) {
        withinVariance += s.getVariance() / fork.length;
        withinDf += fork.length - 1;
      }
      n += fork.length;
    }
    double[] pooled = new double[n];
    int k = 0;
    for (double[] fork : forks) {
      System.arraycopy(fork, 0, pooled, k, fork.length);
      k += fork.length;
    }
    Statistics all = SampleStatistics.of(pooled, confidence);
    StreamingStatistics between = new StreamingStatistics();
    means.forEach(between::addValue);
    double mean = between.getMean();
    double seWithin = Math.sqrt(withinVariance) / f;
    double seBetween = f > 1 ? Math.sqrt(between.getVariance() / f) : 0;
    double half;
    String basis;
    if (f > 1 && seBetween > seWithin) {
      half = SampleStatistics.tQuantile(confidence, f - 1) * seBetween;
      basis = "between forks";
    } else if (withinDf > 0) {
      half = SampleStatistics.tQuantile(confidence, withinDf) * seWithin;
      basis = "within forks (the forks agree within their noise)";
    } else {
      half = 0;
      basis = "one trial";
    }
    Statistics s = new Statistics(all.n(), mean, all.median(), all.min(), all.max(), all.stdev(), all.p90(),
        all.p99(), confidence, mean - half, mean + half);
    StringBuilder m = new StringBuilder();
    for (int i = 0; i < means.size(); i++) {
      m.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4g", means.get(i)));
    }
    String detail = String.format(Locale.ROOT, "%d forks, means %s ns: ±%.2f%% %s", f, m,
        mean > 0 ? half / mean * 100 : Double.NaN, basis);
    return new Combined(s, detail);
  }
}
