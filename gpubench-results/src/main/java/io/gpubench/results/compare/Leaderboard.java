package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The model-suite leaderboard, in the spirit of the GPU-Insights dashboard: training throughput in samples per
 * second for every model on every device at every precision, across all runs given. Only passed cases enter: a
 * case that failed its checks has a throughput nobody should rank.
 *
 * @param entries the entries, fastest first within each model, models in order of first appearance
 */
public record Leaderboard(List<Entry> entries) {

  /** The metric a model workload reports its throughput in. */
  public static final String METRIC = "samplesPerSecond";

  /**
   * Makes the leaderboard, copying the entries.
   *
   * @param entries the entries
   */
  public Leaderboard {
    entries = List.copyOf(entries);
  }

  /**
   * Collects every passed case that reports {@value #METRIC}.
   *
   * @param runs the runs
   * @return the leaderboard, empty when no run has a model suite
   */
  public static Leaderboard of(List<RunResult> runs) {
    List<String> labels = Comparison.labels(runs);
    List<Entry> raw = new ArrayList<>();
    for (int r = 0; r < runs.size(); r++) {
      RunResult run = runs.get(r);
      for (CaseResult c : run.cases()) {
        Double sps = CaseDigest.metricValue(c, METRIC);
        if (c.status() != CaseStatus.PASSED || !Figures.present(sps)) {
          continue;
        }
        raw.add(new Entry(c.workload(), Devices.nameFor(run.environment(), c.backend()), String.valueOf(c.backend()),
            c.precision() == null ? "?" : c.precision().name(), batchSize(c), sps, Double.NaN, labels.get(r), c.id()));
      }
    }
    Map<String, Double> best = new HashMap<>();
    Map<String, Integer> order = new HashMap<>();
    for (Entry e : raw) {
      best.merge(e.model(), e.samplesPerSecond(), Math::max);
      order.putIfAbsent(e.model(), order.size());
    }
    List<Entry> entries = new ArrayList<>();
    for (Entry e : raw) {
      entries.add(new Entry(e.model(), e.device(), e.backend(), e.precision(), e.batchSize(), e.samplesPerSecond(),
          e.samplesPerSecond() / best.get(e.model()), e.run(), e.caseId()));
    }
    entries.sort(Comparator.comparingInt((Entry e) -> order.get(e.model()))
        .thenComparing(Comparator.comparingDouble(Entry::samplesPerSecond).reversed()));
    return new Leaderboard(entries);
  }

  /**
   * The batch size of a model case: the shape axis named {@code batch}, {@code batchSize}, {@code batch_size} or
   * {@code bs} (any case). Not {@code n}: in a GEMM shape that is a matrix dimension, not a batch.
   *
   * @param c the case
   * @return the batch size, or null when the shape has none
   */
  public static Long batchSize(CaseResult c) {
    for (String name : List.of("batch", "batchsize", "batch_size", "bs")) {
      for (Map.Entry<String, io.gpubench.api.AxisValue> axis : c.shape().entrySet()) {
        if (axis.getKey().toLowerCase(Locale.ROOT).equals(name)
            && axis.getValue() instanceof io.gpubench.api.AxisValue.Whole w) {
          return w.value();
        }
      }
    }
    return null;
  }

  /**
   * One model on one device at one precision in one run.
   *
   * @param model the workload (model) name
   * @param device the device's name
   * @param backend the backend id
   * @param precision the precision's name
   * @param batchSize the batch size, or null
   * @param samplesPerSecond the training throughput
   * @param shareOfBest this throughput over the best for the same model, 1 for the best
   * @param run the run's label
   * @param caseId the case's id
   */
  public record Entry(
      String model,
      String device,
      String backend,
      String precision,
      Long batchSize,
      double samplesPerSecond,
      double shareOfBest,
      String run,
      String caseId) {}
}
