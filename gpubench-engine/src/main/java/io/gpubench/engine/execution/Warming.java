package io.gpubench.engine.execution;

import io.gpubench.api.result.Warmup;
import io.gpubench.api.result.WarmupEnd;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.Steps;
import java.util.List;
import java.util.Locale;

/**
 * The warm-up of one case (one fork of it), after the checked call: the declared calls, each compared with the
 * checked one, then warm-up until steady in the runner ({@link io.gpubench.engine.protocol.CaseChannel#settle}),
 * unless the policy's cap is 0 or the case is a world's. Its cap is the policy's own where one is declared, else
 * {@value TrialPolicy#WARMUP_SHARE} of the fork's budget (the trials get what the warm-up leaves); either way at most
 * half the step's time limit ({@code @Fork(timeoutSeconds)}), since the warm-up is one step of the runner.
 *
 * <p>The first case a fresh worker runs may warm up for {@value #FRESH_WORKER_SECONDS} s where its share of the budget
 * is less, outside the budget: that JVM compiles the harness's trial loop, the reading of its clocks and the
 * benchmark class's common code along with the case's own, which the later cases of the class find compiled. Under a
 * small budget that first case was the one cut short in every run, its outcome a stage of the JIT's work (2–5x apart
 * between runs of unchanged code on a 2-core runner) and its verdicts AMBIGUOUS or false.
 *
 * <p>The engine decides the plan before the case's first step (the whole front of a case goes to the runner in one
 * batch); where the policy leaves the calls per trial to the engine, the runner applies its rule
 * ({@link io.gpubench.engine.statistics.CallsPerTrial}) to what it measured. A world's trial is one call unless
 * declared otherwise: the barrier around each trial is what keeps the ranks' collectives in step, and a count chosen
 * from one rank's time per call would hold for that rank alone.
 */
final class Warming {

  /** The share of a step's time limit the warm-up until steady may take: the rest is for its last round. */
  static final double STEP_SHARE = 0.5;

  /** The least cap of a fresh worker's first warm-up within the budget, in seconds: see the class comment. */
  static final double FRESH_WORKER_SECONDS = 1.0;

  private Warming() {}

  /**
   * What the warm-up will ask of the runner.
   *
   * @param further the declared calls after the checked one
   * @param settle the warm-up until steady, or null for none
   * @param callsPerTrial the calls per trial to start the trials with, or 0 for the runner's (the warm-up's, else
   *     its rule)
   * @param none why there is no warm-up until steady, for the results; null when there is one
   * @param batchCalls the calls of the batch trial beside each trial ({@link Steps.TrialsPlan#batchCalls()})
   */
  record Plan(int further, Steps.SettlePlan settle, int callsPerTrial, String none, int batchCalls) {

    /**
     * How the trials are to be made.
     *
     * @return the plan of the trials
     */
    Steps.TrialsPlan trials() {
      return new Steps.TrialsPlan(callsPerTrial, batchCalls);
    }

    /**
     * The plan's steps, in order.
     *
     * @return the steps
     */
    List<Step.Call> steps() {
      List<Step.Call> calls = new java.util.ArrayList<>();
      if (further > 0) {
        calls.add(Step.WARMUP.with(further));
      }
      if (settle != null) {
        calls.add(Step.SETTLE.with(settle));
      }
      return calls;
    }

    /**
     * What the warm-up did, from the replies of its steps.
     *
     * @param first the checked call
     * @param warmed the declared calls' reply, or null without any
     * @param settled the warm-up until steady's reply, or null without one
     * @return the result
     */
    Result result(Steps.Checked first, Steps.Warmed warmed, Steps.Settled settled) {
      double seconds = Steps.warmupSeconds(first, warmed, settled);
      int calls = 1 + (warmed == null ? 0 : further);
      if (settled == null) {
        return new Result(new Warmup(WarmupEnd.CALLS, String.format(Locale.ROOT, none, calls), seconds, 0), calls,
            false);
      }
      return new Result(new Warmup(settled.steady() ? WarmupEnd.STEADY : WarmupEnd.CAP, settled.detail(),
          seconds, settled.rounds().size()), (int) Math.min(Integer.MAX_VALUE,
          calls + settled.calls()), settled.atOnce());
    }
  }

  /**
   * What the warm-up did.
   *
   * @param warmup how it ended, for the results
   * @param calls the untimed calls made, the checked one included
   * @param atOnce whether the code was steady from the warm-up's first round (its trial loop compiled already)
   */
  record Result(Warmup warmup, int calls, boolean atOnce) {}

  /**
   * Plans a case's warm-up.
   *
   * @param policy its policy, of this fork
   * @param fixedCallsPerTrial the calls per trial an earlier fork used, or 0
   * @param fixedBatchCalls the calls of the batch trial an earlier fork used (0 for none), or
   *     {@link Steps.TrialsPlan#AUTO_BATCH} for the first fork
   * @param stepLimitSeconds the longest one step may take in the runner, or infinity
   * @param world whether the case is a world's
   * @param freshWorker whether the case is the first its worker runs
   * @return the plan
   */
  static Plan plan(TrialPolicy policy, int fixedCallsPerTrial, int fixedBatchCalls, double stepLimitSeconds,
      boolean world, boolean freshWorker) {
    int further = Math.max(0, policy.warmup() - 1);
    int callsPerTrial = fixedCallsPerTrial > 0 ? fixedCallsPerTrial
        : policy.callsPerTrial() > 0 ? policy.callsPerTrial() : world ? 1 : 0;
    // A batch figure where the engine picks the trials' calls: a declared count is the trial the user asked for.
    int batchCalls = world || policy.callsPerTrial() > 0 ? 0 : fixedBatchCalls;
    if (world) {
      // Each rank would settle on its own count of calls, and a collective that one rank makes and another does not
      // never returns: a world's ranks make the declared calls, the same on every rank.
      return new Plan(further, null, callsPerTrial, "the %d declared calls on every rank of the world; steadiness not"
          + " checked (ranks must make the same calls)", batchCalls);
    }
    if (policy.maxWarmupSeconds() == 0) {
      return new Plan(further, null, callsPerTrial, "the %d declared calls; steadiness not checked"
          + " (maxWarmupSeconds = 0)", batchCalls);
    }
    double cap = policy.warmupCapSeconds();
    String capBy = policy.warmupWithinBudget()
        ? String.format(Locale.ROOT, "%.0f%% of the fork's budget of %.3g s", TrialPolicy.WARMUP_SHARE * 100,
            policy.budgetSeconds())
        : String.format(Locale.ROOT, "maxWarmupSeconds = %.3g", policy.maxWarmupSeconds());
    // Within the budget, the warm-up leaves the declared fewest trials their time: a warm-up that took its whole
    // share left a 2x slowed 6 ms kernel 2-3 trials a fork under the image sample's 0.25 s budget, too few for an
    // interval at the comparison's level. Not where a fresh worker's first case warms up beyond its share.
    Steps.Reserve reserve = policy.warmupWithinBudget() ? new Steps.Reserve(policy.min(), policy.budgetSeconds())
        : Steps.Reserve.NONE;
    if (freshWorker && policy.warmupWithinBudget() && cap < FRESH_WORKER_SECONDS) {
      cap = FRESH_WORKER_SECONDS;
      capBy = String.format(Locale.ROOT, "the %.3g s a fresh worker's first case may warm up beyond %s", cap, capBy);
      reserve = Steps.Reserve.NONE;
    }
    if (STEP_SHARE * stepLimitSeconds < cap) {
      cap = STEP_SHARE * stepLimitSeconds;
      capBy = String.format(Locale.ROOT, "half the step's time limit of %.0f s", stepLimitSeconds);
    }
    return new Plan(further, new Steps.SettlePlan(cap, callsPerTrial, capBy, reserve), callsPerTrial, null,
        batchCalls);
  }

  /**
   * How the warm-up is charged to the fork's budget, where it is within the budget: all of its seconds, except a fresh
   * worker's beyond its share of the budget (see the class comment); the trials get at least
   * {@value #LEAST_TRIAL_SECONDS} s, the two the stopping rule still asks for.
   *
   * @param policy the fork's policy
   * @param freshWorker whether the case is the first its worker runs
   * @return the charge, which the runner applies to trials asked for behind the warm-up
   */
  static Steps.WarmupCharge charge(TrialPolicy policy, boolean freshWorker) {
    return new Steps.WarmupCharge(policy.budgetSeconds(),
        freshWorker ? policy.warmupCapSeconds() : Double.POSITIVE_INFINITY, LEAST_TRIAL_SECONDS);
  }

  /** The least budget the trials get after a warm-up within the budget. */
  static final double LEAST_TRIAL_SECONDS = 1e-3;
}
