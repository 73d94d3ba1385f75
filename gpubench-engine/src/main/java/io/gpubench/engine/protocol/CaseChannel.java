package io.gpubench.engine.protocol;

/**
 * The steps of one case, as the engine asks for them, in this order: {@link #prepare}, {@link #checkedCall} (with a
 * reference) or the first warm-up call, {@link #warmup} for the declared calls, {@link #settle} until the calls are
 * steady, {@link #instrument}, {@link #startTrials}, {@link #trials} in batches, {@link #endTrials},
 * {@link #collect}, {@link #finish}. After a failed step the engine calls {@link #abandon} to tear the case down.
 * Implemented in the build's JVM ({@code gpubench.fork=none}) and over a worker process, where {@link #run} sends
 * several steps in one frame.
 */
public interface CaseChannel {

  /**
   * Runs steps in order, as one exchange where the channel crosses a process: the engine sends the front of a case
   * (set-up to its first trials) and its end (trials ended to tear-down) so, since none of its decisions falls
   * between them. The default makes the calls one by one.
   *
   * @param calls the steps with their requests
   * @return each step's reply, of its {@link Step#replyType()} (null for {@link Void}), in order; fewer where a step
   *     ended the exchange ({@link Step#endsExchange}: trials whose rule has not decided yet)
   * @throws StepFailed the first step that failed; the steps after it were not run
   */
  default java.util.List<Object> run(java.util.List<Step.Call> calls) throws StepFailed {
    java.util.List<Object> replies = new java.util.ArrayList<>(calls.size());
    for (Step.Call asked : calls) {
      Step.Call c = Step.resolved(asked, replies);
      Object reply = c.step().run(this, c.body());
      replies.add(reply);
      if (Step.endsExchange(c, reply)) {
        break;
      }
    }
    return replies;
  }

  /**
   * Sets the case up: instance, backend session, {@code @Setup}, the workload's preparation, the reference.
   *
   * @param request the case
   * @return what was set up
   * @throws StepFailed when benchmark code throws or skips, or the runner is lost
   */
  Steps.Prepared prepare(CaseRequest request) throws StepFailed;

  /**
   * The first call: outputs poisoned, timed on the host, compared with the reference.
   *
   * @return its time and error
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.Checked checkedCall() throws StepFailed;

  /**
   * Further untimed calls, each compared with the checked one where there is a reference.
   *
   * @param calls how many
   * @return their times and agreement
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.Warmed warmup(int calls) throws StepFailed;

  /**
   * Warm-up until steady: rounds of calls made as trials make them (batches through the trial loop, each timed,
   * nothing checked) until the time per call is flat and the JIT has stopped compiling, or the cap
   * ({@link io.gpubench.engine.statistics.WarmupRule}). The rounds run in the runner without a word to the engine
   * between them: protocol code compiled between rounds would read as the workload's compilation.
   *
   * @param plan the cap and the calls per trial
   * @return every round, how the warm-up ended, and the calls per trial to time with
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.Settled settle(Steps.SettlePlan plan) throws StepFailed;

  /**
   * Starts telemetry and readies the trial loop.
   *
   * @param plan the calls per trial and of the batch trial beside each
   * @return the calls per trial, and the batch trial timed beside each trial where there is one
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.Started startTrials(Steps.TrialsPlan plan) throws StepFailed;

  /**
   * Runs timed trials: a count of them, or until the stopping rule the request carries decides.
   *
   * @param ask how many, or until what
   * @return their times
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.TrialBatch trials(Steps.TrialsAsk ask) throws StepFailed;

  /**
   * Stops telemetry.
   *
   * @return the clock's mode and the telemetry
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.TrialsEnded endTrials() throws StepFailed;

  /**
   * Starts what records the trials besides the figures: a named range on a profiler's timeline, a profiler capture
   * range, a JFR recording. Never fails for a recorder the runner lacks: {@link #collect} says what was missing.
   * A channel that records nothing need not implement it.
   *
   * @param instruments what to record
   * @throws StepFailed when the runner is lost
   */
  default void instrument(Steps.Instruments instruments) throws StepFailed {}

  /**
   * Stops what {@link #instrument} started, then, if asked and the device can, runs one more call of the workload
   * under the device's kernel auditor, never inside the timed trials.
   *
   * @param request whether to audit
   * @return the audit (skipped with the reason where the device could not audit), the files made, notes
   * @throws StepFailed when the audited call throws, or the runner is lost
   */
  default Steps.Collected collect(Steps.AuditRequest request) throws StepFailed {
    return Steps.Collected.NONE;
  }

  /**
   * The last checks, then tear-down and release.
   *
   * @return the figures
   * @throws StepFailed as for {@link #prepare}
   */
  Steps.Finished finish() throws StepFailed;

  /**
   * Makes the id of a new world in this runner's process, the world's rank 0, before any rank prepares
   * ({@link io.gpubench.api.spi.Backend#newWorldId()}).
   *
   * @param backend rank 0's device as the runner sees it
   * @return the id, which every rank's request carries
   * @throws StepFailed when the backend cannot make one, or the runner is lost
   */
  default String newWorldId(io.gpubench.api.BackendId backend) throws StepFailed {
    throw new StepFailed(new Failure(Phase.OPEN_BACKEND, null, getClass().getSimpleName() + " runs no worlds", null,
        false, false), null);
  }

  /**
   * Ends a case whose step failed: tear-down and release, best effort.
   *
   * @return the tear-down's own failure and the runner's state
   */
  Steps.Released abandon();
}
