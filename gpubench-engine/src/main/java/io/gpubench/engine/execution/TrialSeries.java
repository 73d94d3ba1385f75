package io.gpubench.engine.execution;

import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.SampleStatistics;
import io.gpubench.engine.statistics.StoppingRule;
import java.util.ArrayList;
import java.util.List;

/**
 * The timed trials of a case, as the engine sees them arrive: each trial is fed to the {@link StoppingRule} in
 * order, and the series is decided the moment the rule decides. Trials come in batches, so that a worker process
 * is not asked one trial at a time: the first batch is the policy's minimum, later batches are sized to take
 * about {@value #BATCH_SECONDS} s; trials measured after the decision in the same batch are not used, so the
 * figures are those the rule would have stopped at trial by trial.
 */
final class TrialSeries {
  /** About how long a later batch of trials takes: short enough to stop near the rule's decision. */
  static final double BATCH_SECONDS = 0.05;

  private final TrialPolicy policy;
  private final StoppingRule rule;
  private final List<Trial> trials = new ArrayList<>();
  private double timedNanos;
  private StoppingRule.Decision decision;

  TrialSeries(TrialPolicy policy) {
    this.policy = policy;
    this.rule = new StoppingRule(policy.min(), policy.max(), policy.target(), policy.budgetSeconds(),
        policy.confidence());
  }

  boolean decided() {
    return decision != null;
  }

  int nextBatch() {
    int left = policy.max() - trials.size();
    if (trials.isEmpty()) {
      return Math.max(1, Math.min(policy.min(), left));
    }
    double perTrial = timedNanos / trials.size() * 1e-9;
    int batch = perTrial <= 0 ? left : (int) Math.min(left, Math.max(1, BATCH_SECONDS / perTrial));
    return Math.max(1, batch);
  }

  void add(List<TrialClock.TrialTime> times) {
    int calls = policy.callsPerTrial();
    for (TrialClock.TrialTime t : times) {
      if (decision != null) {
        return;
      }
      Double device = Double.isNaN(t.deviceNanos()) ? null : t.deviceNanos() / calls;
      Double launch = Double.isNaN(t.launchInclusiveNanos()) ? null : t.launchInclusiveNanos() / calls;
      trials.add(new Trial(t.hostNanos() / calls, device, launch));
      timedNanos += t.hostNanos();
      decision = rule.add(device != null ? device : t.hostNanos() / calls, timedNanos * 1e-9).orElse(null);
    }
  }

  Timing timing(Steps.TrialsEnded ended, double firstCallNanos) {
    double[] host = trials.stream().mapToDouble(Trial::hostNanos).toArray();
    Statistics hostStats = SampleStatistics.of(host, policy.confidence());
    Statistics deviceStats = null;
    if (trials.get(0).deviceNanos() != null) {
      deviceStats = SampleStatistics.of(trials.stream().mapToDouble(Trial::deviceNanos).toArray(), policy.confidence());
    }
    Statistics launchStats = null;
    if (trials.stream().allMatch(t -> t.launchInclusiveNanos() != null)) {
      launchStats = SampleStatistics.of(trials.stream().mapToDouble(Trial::launchInclusiveNanos).toArray(),
          policy.confidence());
    }
    return new Timing(ended.deviceClock(), ended.deviceTiming(), ended.deviceTimingReason(), policy.cache(),
        policy.warmup(), policy.callsPerTrial(), firstCallNanos, trials, hostStats, deviceStats, launchStats,
        decision.reason(), decision.detail(), timedNanos * 1e-9);
  }
}
