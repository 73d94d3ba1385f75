package io.gpubench.engine.execution;

import io.gpubench.api.result.Warmup;
import io.gpubench.api.result.WarmupEnd;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.SampleStatistics;
import java.util.List;
import java.util.Locale;

/**
 * The warm-up of one case (one fork of it), after the checked call: the declared calls, each compared with the
 * checked one, then warm-up until steady in the runner ({@link CaseChannel#settle}), unless the policy's cap is 0. That
 * warm-up is one step of the runner, so its cap is at most half the step's time limit ({@code @Fork(timeoutSeconds)}).
 * It also settles the calls per trial where the policy leaves them to the engine ({@code callsPerTrial = 0}): on the
 * host clock they follow the warm time per call (about a millisecond a trial); on a device clock, one.
 */
final class Warming {

  /** The share of a step's time limit the warm-up until steady may take: the rest is for its last round. */
  static final double STEP_SHARE = 0.5;

  private Warming() {}

  /**
   * What the warm-up did.
   *
   * @param warmup how it ended, for the results
   * @param calls the untimed calls made, the checked one included
   * @param callsPerTrial the calls each trial makes
   */
  record Result(Warmup warmup, int calls, int callsPerTrial) {}

  /**
   * Warms a case up.
   *
   * @param channel where the case runs
   * @param policy its policy
   * @param first the checked call
   * @param hostClock whether the host clock times the trials
   * @param verdicts takes the declared calls' agreement
   * @param fixedCallsPerTrial the calls per trial an earlier fork used, or 0
   * @param stepLimitSeconds the longest one step may take in the runner (the warm-up until steady is one step, so
   *     its cap is at most half of it), or infinity
   * @return what it did
   * @throws StepFailed when a call fails
   */
  static Result run(CaseChannel channel, TrialPolicy policy, Steps.Checked first, boolean hostClock, Verdicts verdicts,
      int fixedCallsPerTrial, double stepLimitSeconds, boolean world) throws StepFailed {
    double seconds = first.firstCallNanos() * 1e-9;
    int calls = 1;
    double perCall = first.firstCallNanos();
    int further = Math.max(0, policy.warmup() - 1);
    if (further > 0) {
      Steps.Warmed w = channel.warmup(further);
      verdicts.later(w.agreement());
      seconds += w.seconds();
      calls += further;
      perCall = median(w.callNanos(), perCall);
    }
    boolean auto = fixedCallsPerTrial == 0 && policy.callsPerTrial() == 0 && hostClock;
    int callsPerTrial = fixedCallsPerTrial > 0 ? fixedCallsPerTrial
        : policy.callsPerTrial() > 0 ? policy.callsPerTrial() : auto ? autoCalls(perCall) : 1;
    if (world) {
      // Each rank would settle on its own count of calls, and a collective that one rank makes and another does not
      // never returns: a world's ranks make the declared calls, the same on every rank.
      return new Result(new Warmup(WarmupEnd.CALLS, String.format(Locale.ROOT,
          "the %d declared calls on every rank of the world; steadiness not checked (ranks must make the same calls)",
          calls), seconds, 0), calls, callsPerTrial);
    }
    if (policy.maxWarmupSeconds() == 0) {
      return new Result(new Warmup(WarmupEnd.CALLS, String.format(Locale.ROOT,
          "the %d declared calls; steadiness not checked (maxWarmupSeconds = 0)", calls), seconds, 0), calls,
          callsPerTrial);
    }
    double cap = Math.min(policy.maxWarmupSeconds(), STEP_SHARE * stepLimitSeconds);
    Steps.Settled s = channel.settle(new Steps.SettleRequest(cap, seconds, perCall, callsPerTrial, auto));
    return new Result(new Warmup(s.steady() ? WarmupEnd.STEADY : WarmupEnd.CAP, s.detail(), seconds + s.seconds(),
        s.rounds().size()), (int) Math.min(Integer.MAX_VALUE, calls + s.calls()), s.callsPerTrial());
  }

  /** The calls per trial before warm-up tells the warm time: about a millisecond's worth at this time per call. */
  private static int autoCalls(double perCallNanos) {
    return perCallNanos > 0 ? (int) Math.max(1, Math.min(100_000_000, Math.ceil(1e6 / perCallNanos))) : 1;
  }

  private static double median(List<Double> xs, double fallback) {
    if (xs.isEmpty()) {
      return fallback;
    }
    double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return SampleStatistics.percentile(s, 0.5);
  }
}
