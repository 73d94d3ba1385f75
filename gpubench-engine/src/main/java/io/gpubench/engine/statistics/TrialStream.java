package io.gpubench.engine.statistics;

import io.gpubench.api.result.Trial;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The timed trials of one fork of a case as they come, one at a time: which are kept and which discarded, and when
 * the {@link StoppingRule} decides. The worker runs one beside its trials, so that it stops the moment the rule
 * decides without a round trip a batch; the engine runs another on the trials the worker sends, and its decision is
 * the one the case reports. Both are fed the same figures in the same order, so they decide at the same trial.
 *
 * <p>Trials the device ran throttled are discarded and measured again, within the budget: a trial whose telemetry
 * gave a throttle reason, or an SM clock below {@value #CLOCK_SHARE} of the case's steady clock (the median clock of
 * the trials kept so far; before any, the highest clock seen); on the CPU, a trial after which the contention probe
 * ran slow (a {@code cpu_contended} reason, worded as such). A discarded trial's time counts against the budget,
 * not in the figures. A device that stays throttled is not discarded without end: once more trials were discarded
 * than kept (and than the rule's minimum), later trials are kept as they come, and the case is flagged
 * {@code throttled} when any trial kept ran throttled, {@code contended} when most trials kept ran on a contended
 * core (then the median the case reports is a contended trial's; a few contended trials among quiet ones do not
 * move it).
 *
 * <p>A {@code contended} flag says how much slower the core could have made the figures: {@link #slowdown()}, the
 * median of the kept trials' measured slowdowns (the CPU probe's ratio to its quiet time).
 */
public final class TrialStream {
  /** The share of the case's steady SM clock below which a trial is discarded. */
  public static final double CLOCK_SHARE = 0.90;

  /**
   * The stopping rule's terms for one fork's trials, as the engine set them (the worker is sent them).
   *
   * @param min the fewest trials, at least 2
   * @param max the most trials
   * @param target the target relative half-width of the interval
   * @param confidence the interval's confidence level
   * @param budgetSeconds the most timed seconds
   */
  public record Rule(int min, int max, double target, double confidence, double budgetSeconds) {}

  private final Rule terms;
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
  private int discarded;
  private int keptThrottled;
  private int keptContended;
  private boolean discarding = true;
  private boolean conditionsSeen;
  private double highestClock;
  private StoppingRule.Decision decision;

  /**
   * A stream of one fork's trials.
   *
   * @param terms the rule's terms
   * @param callsPerTrial the calls of a trial
   * @param batchCalls the calls of the batch trial beside each, or 0 for none; with one, the batch figure is the
   *     headline the rule stops on
   */
  public TrialStream(Rule terms, int callsPerTrial, int batchCalls) {
    this.terms = terms;
    this.callsPerTrial = callsPerTrial;
    this.batchCalls = batchCalls;
    this.rule = new StoppingRule(terms.min(), terms.max(), terms.target(), terms.budgetSeconds(), terms.confidence());
  }

  /**
   * The rule's terms.
   *
   * @return them
   */
  public Rule terms() {
    return terms;
  }

  /**
   * Takes one trial, unless the rule has decided already.
   *
   * @param t its time, for all its calls
   * @param seen the conditions it ran under, or null where nothing observed them
   * @param batchNanos the time of the batch trial beside it, for all the batch's calls; NaN for none
   * @return true once the rule has decided
   */
  public boolean add(TrialClock.TrialTime t, TrialConditions seen, double batchNanos) {
    if (decision != null) {
      return true;
    }
    Double batched = batchCalls > 0 && !Double.isNaN(batchNanos) ? batchNanos / batchCalls : null;
    conditionsSeen |= seen != null;
    // a batch trial's time is spent on the case too: against its budget, as its device time
    timedNanos += t.hostNanos() + (batched == null ? 0 : batched * batchCalls);
    String throttled = throttled(seen);
    if (throttled != null && discarding) {
      discarded++;
      discardReasons.add(throttled);
      if (discarded > Math.max(terms.min(), trials.size())) {
        discarding = false; // the device stays throttled: keep what it gives, and say so
      }
      return false;
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
    return decision != null;
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
    return SampleStatistics.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /**
   * Whether the rule has decided.
   *
   * @return true once it has
   */
  public boolean decided() {
    return decision != null;
  }

  /**
   * The rule's decision.
   *
   * @return it, or null before it decided
   */
  public StoppingRule.Decision decision() {
    return decision;
  }

  /**
   * The trials kept, in order.
   *
   * @return them, per call
   */
  public List<Trial> trials() {
    return trials;
  }

  /**
   * The timed seconds spent, discarded trials and batch trials included.
   *
   * @return nanoseconds
   */
  public double timedNanos() {
    return timedNanos;
  }

  /**
   * Whether the device's telemetry said anything about a trial: without it, throttled trials cannot be told apart.
   *
   * @return true when some trial came with its conditions
   */
  public boolean conditionsSeen() {
    return conditionsSeen;
  }

  /**
   * Trials discarded because the device ran throttled or (CPU) its core was contended.
   *
   * @return the count
   */
  public int discarded() {
    return discarded;
  }

  /**
   * Whether the kept trials that ran slowed were all slowed by a contended CPU core (not a throttled device).
   *
   * @return true when every kept reason is the CPU probe's
   */
  public boolean keptOnlyContended() {
    return !keptReasons.isEmpty() && keptReasons.stream().allMatch(TrialStream::contended);
  }

  /**
   * How many times slower than at speed the device's state made the kept trials, as measured: the median over the
   * kept trials of the CPU probe's slowdown, at least 1. A GPU's clocks do not give one: a device throttled through
   * a whole case never shows the clock it would have run at.
   *
   * @return the factor, or null where no kept trial was measured
   */
  public Double slowdown() {
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
    if (reasons.stream().allMatch(TrialStream::contended)) {
      return "the CPU core was contended";
    }
    if (reasons.stream().noneMatch(TrialStream::contended)) {
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
  public String throttledDetail() {
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

  /**
   * What the discarded trials and the contended trials kept add to the stop's detail.
   *
   * @return text starting with "; ", or empty
   */
  public String discardedDetail() {
    String detail = discarded == 0 ? "" : String.format(Locale.ROOT,
        "; %d trials discarded and measured again: %s (%s)", discarded, slowedBy(discardReasons),
        String.join(", ", discardReasons));
    if (keptContended > 0 && throttledDetail() == null) {
      detail += String.format(Locale.ROOT, "; %d of %d trials kept ran on a contended core, too few to move the"
          + " median", keptContended, trials.size());
    }
    return detail;
  }

  /** A trial's headline figure: its batch figure where the stream has one, else the device's, else the host's. */
  private double headline(Trial t) {
    if (batchCalls > 0 && t.batchNanos() != null) {
      return t.batchNanos();
    }
    return t.deviceNanos() != null ? t.deviceNanos() : t.hostNanos();
  }

  /**
   * The kept trials' times on the headline clock, in order.
   *
   * @return per-call times
   */
  public double[] primary() {
    return trials.stream().mapToDouble(this::headline).toArray();
  }
}
