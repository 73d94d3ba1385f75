package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.statistics.ForkAgreement;
import io.gpubench.engine.statistics.SampleStatistics;
import io.gpubench.results.compare.Figures;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many forks a case is measured in, beyond the device's default, decided from what the forks measured:
 *
 * <ul>
 *   <li><b>Forks that disagree</b> ({@link io.gpubench.engine.statistics.ForkAgreement}): where the count was the
 *       device's default, further forks are measured, up to {@value #DISAGREEMENT_FORKS} in all and within twice the
 *       case's budget, until one outcome holds a majority of at least {@value #MAJORITY_FORKS} forks: then the case's
 *       figure (the median of all forks' trials) is the typical outcome's, and the {@code forks-disagree} flag says
 *       what each fork measured. Not where a fork's warm-up was cut short: the forks then differ by how far their
 *       JIT got, and further forks, cut alike, would not tell a typical outcome.
 *   <li><b>Steady at once</b>: the default second fork shows a second JIT profile. Once the forks of a workload agreed
 *       in this run, a later case of it that the first fork found steady at once (its trial loop compiled before the
 *       warm-up's first round, by the workload's earlier cases in that worker) and timed to its target, unflagged, is
 *       measured in that fork alone: a second fork would time its own compiled loop of the same workload, which
 *       agreed the last time.
 *   <li><b>Long calls</b>: from {@value #LONG_CALL_NANOS} ns a call (a training step of a model, a large native
 *       kernel) the call's own work dominates its time, a second JVM repeats the case's first call and warm-up (tens
 *       of seconds for a model), and the few trials a budget allows make a between-fork interval wide anyway.
 * </ul>
 * A count declared ({@code @Fork(forks)}, {@code gpubench.forks}) is measured as declared. The stop detail of a case
 * kept to one fork says why.
 */
final class ForkChoices {
  /** The most forks a case whose forks disagree is measured in. */
  static final int DISAGREEMENT_FORKS = 5;

  /** The fewest forks that make a majority outcome the case's figure can stand on. */
  static final int MAJORITY_FORKS = 3;

  // Workloads (class, workload, device) whose forks agreed in this run.
  private final Set<String> agreed = ConcurrentHashMap.newKeySet();

  private static String workloadKey(CaseSpec spec) {
    return spec.declaration().type().getName() + "#" + spec.workload().name() + "@" + spec.backend().id();
  }

  /** Why a case keeps to its first fork, in the stop detail's words; null when it takes the default forks. */
  String oneFork(CaseSpec spec, CaseResult r, boolean steadyAtOnce, int forks) {
    if (longCalls(r)) {
      return String.format(Locale.ROOT, "; measured in one fork, not the default %d: at %s a call a second"
          + " worker would repeat the first call and the warm-up for a figure its own work dominates, not a JIT"
          + " profile (@Fork(forks) or gpubench.forks to measure in more)", forks,
          Figures.duration(r.timing().primary().median()));
    }
    if (steadyAtOnce && r.flags().isEmpty() && r.timing().stop() == StopReason.TARGET_REACHED
        && agreed.contains(workloadKey(spec))) {
      return String.format(Locale.ROOT, "; measured in one fork, not the default %d: steady at once (its"
          + " trial loop compiled by the workload's earlier cases in this worker, whose forks agreed) and timed to"
          + " its target (@Fork(forks) or gpubench.forks to measure in more)", forks);
    }
    return null;
  }

  static List<Timing> timings(List<CaseDriver.Outcome> outcomes) {
    return outcomes.stream().map(o -> o.result().timing()).toList();
  }

  /**
   * Whether a fork's warm-up was cut short (its cap, or its share of the budget): forks that disagree then differ by
   * how far each got with its JIT, and further forks, cut alike, would not tell a typical outcome.
   */
  static boolean warmupCutShort(List<CaseDriver.Outcome> outcomes) {
    return outcomes.stream().anyMatch(o -> o.result().timing().warmup() != null
        && o.result().timing().warmup().end() == io.gpubench.api.result.WarmupEnd.CAP);
  }

  /** Whether one outcome holds a majority of at least {@value #MAJORITY_FORKS} forks. */
  static boolean majority(List<CaseDriver.Outcome> outcomes) {
    List<Double> medians = Forks.headlineSamples(timings(outcomes)).stream().map(x -> {
      double[] s = x.clone();
      Arrays.sort(s);
      return SampleStatistics.percentile(s, 0.5);
    }).toList();
    for (double m : medians) {
      long close = medians.stream().filter(o -> Math.max(o / m, m / o)
          < ForkAgreement.MIN_RATIO).count();
      if (close >= MAJORITY_FORKS && 2 * close > medians.size()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether another fork fits in twice the case's budget: its warm-ups and trials so far, and one more fork at their
   * mean.
   */
  static boolean withinBudget(CaseSpec spec, List<CaseDriver.Outcome> outcomes) {
    double spent = 0;
    for (CaseDriver.Outcome o : outcomes) {
      var s = o.result().timing().spent();
      spent += s == null ? 0 : s.warmupSeconds() + s.trialSeconds();
    }
    return spent * (outcomes.size() + 1) / outcomes.size() <= 2 * spec.trials().budgetSeconds();
  }

  /** Whether a case's calls are so long that the default second fork is not worth it (the class comment's). */
  static boolean longCalls(CaseResult r) {
    return r.timing() != null && r.timing().primary().median() >= LONG_CALL_NANOS;
  }

  /** From this time per call, a case keeps to one fork unless more are asked for. */
  static final double LONG_CALL_NANOS = 100e6;

  /**
   * Records that a workload's forks agreed in this run.
   *
   * @param spec a case of it
   */
  void agreed(CaseSpec spec) {
    agreed.add(workloadKey(spec));
  }
}
