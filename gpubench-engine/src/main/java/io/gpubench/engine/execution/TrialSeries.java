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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The timed trials of a case (of one fork), as the engine sees them arrive: each trial is fed to the
 * {@link StoppingRule} in order, and the series is decided the moment the rule decides. Trials come in batches, so
 * that a worker process is not asked one trial at a time: the first batch is the policy's minimum, later batches as
 * many trials again as so far (at first those the rule needs before it can find a plateau), and at most about
 * {@value #BATCH_SECONDS} s of them; trials measured after the decision in the same batch are not used,
 * so the figures are those the rule would have stopped at trial by trial.
 *
 * <p>Trials the device ran throttled are discarded and measured again, within the budget: a trial whose telemetry
 * gave a throttle reason, or an SM clock below {@value #CLOCK_SHARE} of the case's steady clock (the median clock of
 * the trials kept so far; before any, the highest clock seen); on the CPU, a trial after which the contention probe
 * ran slow (a {@code cpu_contended} reason, worded as such). A discarded trial's time counts against the budget,
 * not in the figures. A device that stays throttled is not discarded without end: once more trials were discarded
 * than kept (and than the policy's minimum), later trials are kept as they come, and the case is flagged
 * {@code throttled} when any trial kept ran throttled, {@code contended} when most trials kept ran on a contended
 * core (then the median the case reports is a contended trial's; a few contended trials among quiet ones do not
 * move it).
 *
 * <p>A {@code contended} flag says how much slower the core could have made the figures: {@link #slowdown()}, the
 * median of the kept trials' measured slowdowns (the CPU probe's ratio to its quiet time). The gate bounds a verdict
 * with it instead of dropping the run.
 */
final class TrialSeries {
  /** About how long a later batch of trials takes: short enough to stop near the rule's decision. */
  static final double BATCH_SECONDS = 0.05;

  /** The share of the case's steady SM clock below which a trial is discarded. */
  static final double CLOCK_SHARE = 0.90;

  private final TrialPolicy policy;
  private final int callsPerTrial;
  private final int batchCalls;
  private final StoppingRule rule;
  private final List<Trial> trials = new ArrayList<>();
  private final List<Double> keptClocks = new ArrayList<>();
  private final Set<String> discardReasons = new TreeSet<>();
  private final Set<String> keptReasons = new TreeSet<>();
  // per kept trial: the slowdown its conditions measured (the CPU's probe); null where nothing measured it
  private final List<Double> keptSlowdowns = new ArrayList<>();
  private double timedNanos;
  // the runner's seconds of the batches, what runs between trials included
  private double batchSeconds;
  private int discarded;
  private int keptThrottled;
  private int keptContended;
  private boolean discarding = true;
  private boolean conditionsSeen;
  private double highestClock;
  private StoppingRule.Decision decision;

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
    this.rule = new StoppingRule(policy.min(), policy.max(), policy.target(), policy.budgetSeconds(),
        policy.confidence());
  }

  boolean decided() {
    return decision != null;
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

  int nextBatch() {
    int left = policy.max() - trials.size();
    int measured = trials.size() + discarded;
    if (measured == 0) {
      return firstBatch(policy);
    }
    // As many trials again as so far, or those the rule needs before its first plateau test, whichever is more: a
    // batch sized by time alone asked a case of 0.1 ms trials for some 400, when its rule decided after 20 at most;
    // growing, a case costs a round trip more each time its trials double.
    int grown = Math.max(measured, StoppingRule.firstPlateauCheck(policy.min()) - measured);
    double perTrial = timedNanos / measured * 1e-9;
    int byTime = perTrial <= 0 ? grown : (int) Math.max(1, BATCH_SECONDS / perTrial);
    return Math.max(1, Math.min(left, Math.min(grown, byTime)));
  }

  void add(List<TrialClock.TrialTime> times) {
    add(new Steps.TrialBatch(times));
  }

  void add(Steps.TrialBatch batch) {
    batchSeconds += batch.seconds();
    List<TrialClock.TrialTime> times = batch.times();
    for (int i = 0; i < times.size(); i++) {
      if (decision != null) {
        return;
      }
      TrialClock.TrialTime t = times.get(i);
      TrialConditions seen = batch.conditions().isEmpty() ? null : batch.conditions().get(i);
      Double batched = batchCalls > 0 && i < batch.batches().size() && !Double.isNaN(batch.batches().get(i))
          ? batch.batches().get(i) / batchCalls : null;
      conditionsSeen |= seen != null;
      // a batch trial's time is spent on the case too: against its budget, as its device time
      timedNanos += t.hostNanos() + (batched == null ? 0 : batched * batchCalls);
      String throttled = throttled(seen);
      if (throttled != null && discarding) {
        discarded++;
        discardReasons.add(throttled);
        if (discarded > Math.max(policy.min(), trials.size())) {
          discarding = false; // the device stays throttled: keep what it gives, and say so
        }
        continue;
      }
      if (throttled != null) {
        keptThrottled++;
        keptContended += contended(throttled) ? 1 : 0;
        keptReasons.add(throttled);
      } else if (seen != null && seen.smClockMhz() != null) {
        keptClocks.add(seen.smClockMhz());
      }
      keptSlowdowns.add(seen == null ? null : seen.slowdown());
      Double device = Double.isNaN(t.deviceNanos()) ? null : t.deviceNanos() / callsPerTrial;
      Double launch = Double.isNaN(t.launchInclusiveNanos()) ? null : t.launchInclusiveNanos() / callsPerTrial;
      // The measured slowdown travels with the trial, as data for whoever reads the results.
      Double slowdown = seen != null && seen.slowdown() != null && seen.slowdown() > 0
          ? Math.max(1, seen.slowdown()) : null;
      Trial trial = new Trial(t.hostNanos() / callsPerTrial, device, launch, batched, slowdown);
      trials.add(trial);
      decision = rule.add(headline(trial), timedNanos * 1e-9).orElse(null);
    }
  }

  /** Why a trial counts as throttled, or null when it ran at speed (or nothing is known). */
  private String throttled(TrialConditions seen) {
    if (seen == null) {
      return null;
    }
    if (!seen.throttleReasons().isEmpty()) {
      return String.join("+", seen.throttleReasons());
    }
    Double clock = seen.smClockMhz();
    if (clock == null) {
      return null;
    }
    double steady = keptClocks.isEmpty() ? highestClock : median(keptClocks);
    highestClock = Math.max(highestClock, clock);
    if (steady > 0 && clock < CLOCK_SHARE * steady) {
      return String.format(Locale.ROOT, "SM clock %.0f MHz below %.0f%% of the steady %.0f MHz", clock,
          CLOCK_SHARE * 100, steady);
    }
    return null;
  }

  private static double median(List<Double> xs) {
    double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return SampleStatistics.percentile(s, 0.5);
  }

  /**
   * Whether the device's telemetry said anything about a trial: without it, throttled trials cannot be told apart.
   *
   * @return true when some trial came with its conditions
   */
  boolean conditionsSeen() {
    return conditionsSeen;
  }

  /**
   * Trials discarded because the device ran throttled or (CPU) its core was contended.
   *
   * @return the count
   */
  int discarded() {
    return discarded;
  }

  /**
   * Whether the kept trials that ran slowed were all slowed by a contended CPU core (not a throttled device).
   *
   * @return true when every kept reason is the CPU probe's
   */
  boolean keptOnlyContended() {
    return !keptReasons.isEmpty() && keptReasons.stream().allMatch(TrialSeries::contended);
  }

  /**
   * How many times slower than at speed the device's state made the kept trials, as measured: the median over the
   * kept trials of the CPU probe's slowdown, at least 1. A GPU's clocks do not give one: a device throttled through
   * a whole case never shows the clock it would have run at.
   *
   * @return the factor, or null where no kept trial was measured
   */
  Double slowdown() {
    List<Double> measured = new ArrayList<>();
    for (Double d : keptSlowdowns) {
      if (d != null) {
        measured.add(Math.max(1, d));
      }
    }
    return measured.isEmpty() ? null : median(measured);
  }

  private static boolean contended(String reason) {
    return reason.startsWith(TrialConditions.CPU_CONTENDED);
  }

  // What slowed trials for these reasons, in words: a CPU core is not throttled, and a reader told "throttled" goes
  // looking at clocks.
  private static String slowedBy(Set<String> reasons) {
    if (reasons.stream().allMatch(TrialSeries::contended)) {
      return "the CPU core was contended";
    }
    if (reasons.stream().noneMatch(TrialSeries::contended)) {
      return "the device ran throttled";
    }
    return "the device ran throttled or its core was contended";
  }

  /**
   * Why the kept trials cannot be trusted to describe the device at speed, or null when they can: a throttled trial
   * was kept, or (on the CPU alone) most trials kept ran on a contended core.
   *
   * @return the figures behind a {@code throttled} or {@code contended} flag
   */
  String throttledDetail() {
    if (keptThrottled == 0 || keptOnlyContended() && 2 * keptContended <= trials.size()) {
      return null;
    }
    Double slowdown = slowdown();
    String measured = slowdown == null ? "" : String.format(Locale.ROOT, "; the median trial kept ran %.2fx slower"
        + " than at speed", slowdown);
    return String.format(Locale.ROOT, "%d of %d trials kept ran slowed (%s), after %d were discarded and measured"
        + " again (%s): %s throughout%s", keptThrottled, trials.size(), String.join(", ", keptReasons), discarded,
        String.join(", ", discardReasons), slowedBy(keptReasons), measured);
  }

  /** A trial's headline figure: its batch figure where the series has one, else the device's, else the host's. */
  private double headline(Trial t) {
    if (batchCalls > 0 && t.batchNanos() != null) {
      return t.batchNanos();
    }
    return t.deviceNanos() != null ? t.deviceNanos() : t.hostNanos();
  }

  /**
   * The kept trials' times on the primary clock, in order.
   *
   * @return per-call times
   */
  double[] primary() {
    return trials.stream().mapToDouble(this::headline).toArray();
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
    return decision;
  }

  Timing timing(Steps.TrialsEnded ended, double firstCallNanos, int warmupCalls, Warmup warmup) {
    return timing(ended, firstCallNanos, warmupCalls, warmup, null);
  }

  Timing timing(Steps.TrialsEnded ended, double firstCallNanos, int warmupCalls, Warmup warmup,
      io.gpubench.api.result.Spent spent) {
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
    String detail = decision.detail() + (discarded == 0 ? "" : String.format(Locale.ROOT,
        "; %d trials discarded and measured again: %s (%s)", discarded, slowedBy(discardReasons),
        String.join(", ", discardReasons)));
    if (keptContended > 0 && throttledDetail() == null) {
      detail += String.format(Locale.ROOT, "; %d of %d trials kept ran on a contended core, too few to move the"
          + " median", keptContended, trials.size());
    }
    return new Timing(ended.deviceClock(), ended.deviceTiming(), ended.deviceTimingReason(), policy.cache(),
        warmupCalls, callsPerTrial, firstCallNanos, trials, hostStats, deviceStats, launchStats,
        decision.reason(), detail, timedNanos * 1e-9, warmup, discarded, List.of(), batchStats,
        batchStats == null ? 0 : batchCalls, spent);
  }
}
