package io.gpubench.history.export;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.ForkTiming;
import io.gpubench.api.result.Timing;
import io.gpubench.history.record.RunRecord;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.RunSamples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * A run as JMH's JSON result format ({@code -rf json}), which github-action-benchmark ({@code tool: 'jmh'}), Bencher
 * ({@code json} adapter for JMH) and jmh-visualizer read: one entry per passed, timed case, {@code benchmark} the
 * class and workload ({@code io.example.GemmBenchmark.matmul}), {@code params} the shape, precision and backend, mode
 * {@code avgt} in {@code ns/op}. The score is the mean per-call time of the trials, its error the half-width of the
 * mean's 99.9% Student-t interval, as JMH computes them from the same numbers; {@code rawData} holds the trials, one
 * list per fork. A series is one such file per run, in the order the runs started.
 */
public final class JmhExport {

  private JmhExport() {}

  /**
   * One run as a JMH result document.
   *
   * @param run the run
   * @param cases which cases to export
   * @return the JSON text
   */
  public static String of(RunRecord run, Predicate<CaseResult> cases) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (CaseResult c : run.cases()) {
      if (c.status() != CaseStatus.PASSED || c.timing() == null || !cases.test(c)) {
        continue;
      }
      double[] samples = RunSamples.of(run.runId(), c).values();
      if (samples.length == 0) {
        continue;
      }
      out.add(entry(run, c, samples));
    }
    return ResultsFile.mapper().writeValueAsString(out) + System.lineSeparator();
  }

  private static Map<String, Object> entry(RunRecord run, CaseResult c, double[] samples) {
    Timing t = c.timing();
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("jmhVersion", "gpubench");
    e.put("benchmark", c.benchmark() + "." + c.workload());
    e.put("mode", "avgt");
    e.put("threads", 1);
    e.put("forks", Math.max(1, t.forks().size()));
    e.put("jvm", run.environment() == null ? "" : run.environment().jvm());
    e.put("jvmArgs", List.of());
    e.put("jdkVersion", run.environment() == null ? "" : run.environment().jvm());
    e.put("vmName", "");
    e.put("vmVersion", "");
    e.put("warmupIterations", t.warmupCalls());
    e.put("warmupTime", "");
    e.put("warmupBatchSize", 1);
    e.put("measurementIterations", samples.length);
    e.put("measurementTime", String.format(java.util.Locale.ROOT, "%.3f s", t.timedSeconds()));
    e.put("measurementBatchSize", t.callsPerTrial());
    Map<String, String> params = new LinkedHashMap<>();
    c.shape().forEach((k, v) -> params.put(k, String.valueOf(v)));
    params.put("precision", c.precision() == null ? "" : c.precision().name());
    params.put("backend", c.backend() == null ? "" : c.backend().toString());
    e.put("params", params);
    Map<String, Object> primary = new LinkedHashMap<>();
    double mean = Arrays.stream(samples).average().orElse(Double.NaN);
    double error = errorOfMean(samples);
    primary.put("score", mean);
    primary.put("scoreError", error);
    primary.put("scoreConfidence", List.of(mean - error, mean + error));
    double[] sorted = samples.clone();
    Arrays.sort(sorted);
    Map<String, Double> percentiles = new LinkedHashMap<>();
    for (double q : new double[] {0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100}) {
      percentiles.put(q == Math.rint(q) ? String.format(java.util.Locale.ROOT, "%.1f", q)
          : String.valueOf(q), percentile(sorted, q));
    }
    primary.put("scorePercentiles", percentiles);
    primary.put("scoreUnit", "ns/op");
    primary.put("rawData", forks(t, samples));
    e.put("primaryMetric", primary);
    e.put("secondaryMetrics", Map.of());
    return e;
  }

  // JMH's scoreError: the half-width of the 99.9% interval of the mean, Student's t.
  private static double errorOfMean(double[] xs) {
    int n = xs.length;
    if (n < 2) {
      return Double.NaN;
    }
    double mean = Arrays.stream(xs).average().orElse(0);
    double var = Arrays.stream(xs).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
    return new TDistribution(n - 1).inverseCumulativeProbability(1 - 0.001 / 2) * Math.sqrt(var / n);
  }

  private static double percentile(double[] sorted, double q) {
    if (q <= 0) {
      return sorted[0];
    }
    if (q >= 100) {
      return sorted[sorted.length - 1];
    }
    double pos = q / 100 * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }

  // One list of trials per fork (the forks' trials are consecutive in the case's trials), else one list.
  private static List<List<Double>> forks(Timing t, double[] samples) {
    List<List<Double>> out = new ArrayList<>();
    int at = 0;
    for (ForkTiming f : t.forks()) {
      int n = Math.min(f.trials(), samples.length - at);
      out.add(Arrays.stream(samples, at, at + n).boxed().toList());
      at += n;
    }
    if (out.isEmpty() || at < samples.length) {
      out.add(Arrays.stream(samples, at, samples.length).boxed().toList());
    }
    return out;
  }
}
