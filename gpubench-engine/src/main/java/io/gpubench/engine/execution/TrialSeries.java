package io.gpubench.engine.execution;

import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.api.result.Warmup;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.SampleStatistics;
import io.gpubench.engine.statistics.StoppingRule;
import io.gpubench.engine.statistics.TrialStream;
import java.util.List;

/**
 * The timed trials of a case (of one fork), as the engine sees them arrive: each trial is fed to a
 * {@link TrialStream} in order (which keeps or discards it and asks the {@link StoppingRule}), and the series is
 * decided the moment the rule decides. A worker of one rank is asked for trials until the rule decides, with the
 * front of the case ({@link #untilDecided}, and {@link #ask} for the rest of a long series): it runs the same stream
 * beside its trials and stops at the same trial, so that its trials cost no round trip of their own, and no trial is
 * measured past the decision; at most {@value #SLICE_SECONDS} s of trials come in one reply, so that a long series
 * still reports in. (Of 1,000 cases of an empty call, timed in batches, each took about three round trips for its
 * trials and some eight trials past the decision.) The ranks of a world take the policy's fewest trials with the
 * front ({@link #firstBatch}), then batches of a count (each rank would otherwise decide on its own times): as many
 * trials again as so far (at first those the rule needs before it can find a plateau), and at most about
 * {@value #BATCH_SECONDS} s of them; trials measured after the decision in the same batch are not used, so the
 * figures are those the rule would have stopped at trial by trial.
 *
 * <p>A {@code contended} flag says how much slower the core could have made the figures: {@link #slowdown()}, the
 * median of the kept trials' measured slowdowns (the CPU probe's ratio to its quiet time). The gate bounds a verdict
 * with it instead of dropping the run.
 */
final class TrialSeries {
  /** About how long a later batch of a world's trials takes: short enough to stop near the rule's decision. */
  static final double BATCH_SECONDS = 0.05;

  /** The most seconds of trials a worker runs before it replies, its rule undecided. */
  static final double SLICE_SECONDS = 1.0;

  private final TrialPolicy policy;
  private final int callsPerTrial;
  private final int batchCalls;
  private final TrialStream stream;
  // the runner's seconds of the batches, what runs between trials included
  private double batchSeconds;
  // trials measured, discarded ones included, those after the decision not
  private int measured;
  // trials of the last batch after the rule's decision: a runner that stops on the rule leaves none
  private int pastDecision;

  TrialSeries(TrialPolicy policy, int callsPerTrial) {
    this(policy, callsPerTrial, 0);
  }

  /**
   * The series of one fork's trials.
   *
   * @param policy the fork's policy, its budget what the trials may spend
   * @param callsPerTrial the calls of a trial
   * @param batchCalls the calls of the batch trial beside each, or 0 for none; with one, the batch figure is the
   *     headline the rule stops on
   */
  TrialSeries(TrialPolicy policy, int callsPerTrial, int batchCalls) {
    this.policy = policy;
    this.callsPerTrial = callsPerTrial;
    this.batchCalls = batchCalls;
    this.stream = new TrialStream(rule(policy), callsPerTrial, batchCalls);
  }

  private static TrialStream.Rule rule(TrialPolicy policy) {
    return new TrialStream.Rule(policy.min(), policy.max(), policy.target(), policy.confidence(),
        policy.budgetSeconds());
  }

  boolean decided() {
    return stream.decided();
  }

  /**
   * The first batch of a policy's trials, asked for before any trial was measured: its fewest.
   *
   * @param policy the fork's policy
   * @return the trials of the first batch
   */
  static int firstBatch(TrialPolicy policy) {
    return Math.max(1, Math.min(policy.min(), policy.max()));
  }

  /**
   * The first request of a worker of one rank, sent with the front of the case: trials until the rule decides, its
   * budget what the warm-up before it leaves of the policy's where the warm-up is charged to it (the runner
   * computes that budget from its replies, {@link Steps.TrialsAsk#resolved}, as the engine does for its own series).
   *
   * @param policy the fork's policy, its budget the warm-up's and the trials' together where {@code charge} is set
   * @param charge how the warm-up is charged to the budget, or null where the policy's budget is the trials' own
   * @return the request
   */
  static Steps.TrialsAsk untilDecided(TrialPolicy policy, Steps.WarmupCharge charge) {
    return new Steps.TrialsAsk(mostInReply(policy), rule(policy), SLICE_SECONDS, charge);
  }

  // The worker's stream stops on its rule (at the most trials kept, or the budget); the count only bounds a reply,
  // discarded trials included, which the stream stops discarding once they outnumber the trials kept.
  private static int mostInReply(TrialPolicy policy) {
    return 2 * Math.max(policy.max(), policy.min()) + 1;
  }

  /**
   * What to ask the runner for next: trials until the rule decides (the rest of the policy's most, at most
   * {@value #SLICE_SECONDS} s of them) where the runner runs the rule itself, else a batch ({@link #nextBatch}).
   *
   * @param untilDecided whether the runner stops on the rule (a worker of one rank)
   * @return the request
   */
  Steps.TrialsAsk ask(boolean untilDecided) {
    if (!untilDecided) {
      return Steps.TrialsAsk.count(nextBatch());
    }
    return new Steps.TrialsAsk(mostInReply(policy), stream.terms(), SLICE_SECONDS);
  }

  int nextBatch() {
    int left = policy.max() - stream.trials().size();
    if (measured == 0) {
      return firstBatch(policy);
    }
    // As many trials again as so far, or those the rule needs before its first plateau test, whichever is more: a
    // batch sized by time alone asked a case of 0.1 ms trials for some 400, when its rule decided after 20 at most;
    // growing, a case costs a round trip more each time its trials double.
    int grown = Math.max(measured, StoppingRule.firstPlateauCheck(policy.min()) - measured);
    double perTrial = stream.timedNanos() / measured * 1e-9;
    int byTime = perTrial <= 0 ? grown : (int) Math.max(1, BATCH_SECONDS / perTrial);
    return Math.max(1, Math.min(left, Math.min(grown, byTime)));
  }

  void add(List<TrialClock.TrialTime> times) {
    add(new Steps.TrialBatch(times));
  }

  void add(Steps.TrialBatch batch) {
    batchSeconds += batch.seconds();
    List<TrialClock.TrialTime> times = batch.times();
    int i = 0;
    for (; i < times.size() && !stream.decided(); i++) {
      TrialConditions seen = batch.conditions().isEmpty() ? null : batch.conditions().get(i);
      double batched = batchCalls > 0 && i < batch.batches().size() ? batch.batches().get(i) : Double.NaN;
      measured++;
      stream.add(times.get(i), seen, batched);
    }
    pastDecision = times.size() - i;
  }

  /**
   * Where the last batch's runner stopped otherwise than this series' rule: a runner asked to stop on the rule must
   * decide on the trial this series decides on (its last), or not decide with this series undecided too; one that
   * stops elsewhere runs another rule.
   *
   * @param batch the last batch added
   * @return the two stops in words, or null where they agree
   */
  String stopsElsewhere(Steps.TrialBatch batch) {
    boolean agree = batch.decided() ? stream.decided() && pastDecision == 0 : !stream.decided();
    return agree ? null : String.format(java.util.Locale.ROOT, "the runner's stopping rule %s after %d trials of its"
        + " reply and the engine's %s after %d in all: the two sides run different rules",
        batch.decided() ? "decided" : "did not decide", batch.times().size(),
        stream.decided() ? "decided" : "did not decide", measured);
  }

  /**
   * Whether the device's telemetry said anything about a trial: without it, throttled trials cannot be told apart.
   *
   * @return true when some trial came with its conditions
   */
  boolean conditionsSeen() {
    return stream.conditionsSeen();
  }

  /**
   * Trials discarded because the device ran throttled or (CPU) its core was contended.
   *
   * @return the count
   */
  int discarded() {
    return stream.discarded();
  }

  /**
   * Whether the kept trials that ran slowed were all slowed by a contended CPU core (not a throttled device).
   *
   * @return true when every kept reason is the CPU probe's
   */
  boolean keptOnlyContended() {
    return stream.keptOnlyContended();
  }

  /**
   * How many times slower than at speed the device's state made the kept trials, as measured
   * ({@link TrialStream#slowdown()}).
   *
   * @return the factor, or null where no kept trial was measured
   */
  Double slowdown() {
    return stream.slowdown();
  }

  /**
   * Why the kept trials cannot be trusted to describe the device at speed, or null when they can
   * ({@link TrialStream#throttledDetail()}).
   *
   * @return the figures behind a {@code throttled} or {@code contended} flag
   */
  String throttledDetail() {
    return stream.throttledDetail();
  }

  /**
   * The kept trials' times on the primary clock, in order.
   *
   * @return per-call times
   */
  double[] primary() {
    return stream.primary();
  }

  /**
   * The seconds the trials took in the runner, with what runs between them (the contention probe, telemetry), the
   * batches measured after the decision included.
   *
   * @return seconds
   */
  double runnerSeconds() {
    return batchSeconds;
  }

  StoppingRule.Decision decision() {
    return stream.decision();
  }

  Timing timing(Steps.TrialsEnded ended, double firstCallNanos, int warmupCalls, Warmup warmup) {
    return timing(ended, firstCallNanos, warmupCalls, warmup, null);
  }

  Timing timing(Steps.TrialsEnded ended, double firstCallNanos, int warmupCalls, Warmup warmup,
      io.gpubench.api.result.Spent spent) {
    List<Trial> trials = stream.trials();
    double[] host = trials.stream().mapToDouble(Trial::hostNanos).toArray();
    Statistics hostStats = SampleStatistics.of(host, policy.confidence());
    Statistics deviceStats = null;
    if (trials.get(0).deviceNanos() != null) {
      deviceStats = SampleStatistics.of(trials.stream().mapToDouble(Trial::deviceNanos).toArray(), policy.confidence());
    }
    Statistics batchStats = null;
    if (batchCalls > 0 && trials.stream().allMatch(t -> t.batchNanos() != null)) {
      batchStats = SampleStatistics.of(trials.stream().mapToDouble(Trial::batchNanos).toArray(), policy.confidence());
    }
    Statistics launchStats = null;
    if (trials.stream().allMatch(t -> t.launchInclusiveNanos() != null)) {
      launchStats = SampleStatistics.of(trials.stream().mapToDouble(Trial::launchInclusiveNanos).toArray(),
          policy.confidence());
    }
    StoppingRule.Decision decision = stream.decision();
    return new Timing(ended.deviceClock(), ended.deviceTiming(), ended.deviceTimingReason(), policy.cache(),
        warmupCalls, callsPerTrial, firstCallNanos, List.copyOf(trials), hostStats, deviceStats, launchStats,
        decision.reason(), decision.detail() + stream.discardedDetail(), stream.timedNanos() * 1e-9, warmup,
        stream.discarded(), List.of(), batchStats, batchStats == null ? 0 : batchCalls, spent);
  }
}
