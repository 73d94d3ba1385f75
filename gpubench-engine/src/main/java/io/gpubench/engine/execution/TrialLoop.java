package io.gpubench.engine.execution;

import io.gpubench.api.BenchContext;
import io.gpubench.api.CacheMode;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.statistics.SampleStatistics;
import io.gpubench.engine.statistics.StoppingRule;
import java.util.ArrayList;
import java.util.List;

/**
 * The timed trials of a case. A trial is: flush caches (cold mode), synchronise, hand the calls to the clock, which
 * times them in its device timing mode (plainly: start, calls, stop, which synchronises). What the calls returned is
 * released after the clock stopped, so that freeing memory is not timed.
 */
final class TrialLoop {

  private TrialLoop() {}

  static Timing run(Workload workload, BenchContext ctx, BackendSession session, TensorOps ops, TrialPolicy policy,
      double firstCallNanos) throws Throwable {
    StoppingRule rule = new StoppingRule(policy.min(), policy.max(), policy.target(), policy.budgetSeconds(),
        policy.confidence());
    TrialClock clock = session.clock(policy.deviceTiming());
    List<Trial> trials = new ArrayList<>();
    List<Object> returned = new ArrayList<>(policy.callsPerTrial());
    TrialCalls trialCalls = () -> {
      for (int c = 0; c < policy.callsPerTrial(); c++) {
        returned.add(workload.call(ctx));
      }
    };
    double timedNanos = 0;
    StoppingRule.Decision decision;
    do {
      if (policy.cache() == CacheMode.COLD) {
        session.flushCache();
      }
      session.synchronize();
      TrialClock.TrialTime t = clock.time(trialCalls);
      returned.forEach(ops::release);
      returned.clear();
      int calls = policy.callsPerTrial();
      Double device = Double.isNaN(t.deviceNanos()) ? null : t.deviceNanos() / calls;
      Double launch = Double.isNaN(t.launchInclusiveNanos()) ? null : t.launchInclusiveNanos() / calls;
      trials.add(new Trial(t.hostNanos() / calls, device, launch));
      timedNanos += t.hostNanos();
      decision = rule.add(device != null ? device : t.hostNanos() / calls, timedNanos * 1e-9).orElse(null);
    } while (decision == null);

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
    String deviceClock = clock.deviceClock().isEmpty() ? null : clock.deviceClock();
    return new Timing(deviceClock, clock.mode(), clock.modeReason(), policy.cache(), policy.warmup(),
        policy.callsPerTrial(), firstCallNanos, trials, hostStats, deviceStats, launchStats, decision.reason(),
        decision.detail(), timedNanos * 1e-9);
  }
}
