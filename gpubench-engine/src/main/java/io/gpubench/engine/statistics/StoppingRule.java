package io.gpubench.engine.statistics;

import io.gpubench.api.result.StopReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides after each trial whether a case has been timed enough, in the spirit of nvbench's noise criterion:
 * stop when the confidence interval of the median ({@link MedianInterval}, the interval the case reports) is narrow
 * enough relative to the median; stop when it is narrower than the harness resolves a call's time
 * ({@link #RESOLUTION_NANOS}), whatever that is relative to the median; stop anyway at the trial
 * limit or the time budget; and stop when the interval has stopped narrowing (a plateau), since then more trials
 * would only spend time — a case with drifting times never reaches any target.
 *
 * <p>The plateau test compares the relative half-width now with its value {@code window} trials ago. For
 * independent noise the half-width shrinks like {@code 1/sqrt(n)}, by more than 2% over a window until
 * {@code n} is about 25 windows; a smaller improvement earlier means the noise is not averaging out.
 */
public final class StoppingRule {

  /** How much the interval must narrow over one window to count as still narrowing. */
  static final double PLATEAU_IMPROVEMENT = 0.02;

  /**
   * The harness's resolution of a call's time: an interval of the median narrower than this either side (in ns a
   * call) is as narrow as a difference the harness can tell from its own loop, and more trials would narrow it only
   * on paper. Less than a clock cycle of a 4 GHz core: two forms of the harness's loop around an empty call, compiled
   * in two JVMs, ran 0.14 and 0.16 ns a call on the 2-vCPU build VM (the same bound keeps forks that differ by less
   * from being chased with further forks). The relative target cannot see this: a call the JIT emptied has trials of
   * ±2–5% (a timer interrupt in a 0.1 ms trial), so ±1% took 20 to 100 trials, two thirds of what such a case cost,
   * to narrow an interval of ±0.005 ns. It reaches only calls under {@code RESOLUTION_NANOS / target} (25 ns at the
   * default ±1%).
   */
  public static final double RESOLUTION_NANOS = 0.25;

  private final int minTrials;
  private final int maxTrials;
  private final double target;
  private final double budgetSeconds;
  private final double confidence;
  private final int window;
  private final List<Double> halfWidths = new ArrayList<>();
  private final MedianInterval.Running samples = new MedianInterval.Running();
  // the trials' times, for the median the resolution is judged at (sorted only when the interval may be that narrow)
  private double[] values = new double[16];
  // the fewest trials before the median is sorted again, after a sort that found the interval wider than the
  // resolution: a quarter more trials each time, so that a long series near the bound sorts O(log n) times, not n
  private int nextMedianCheck;

  /**
   * Makes a rule.
   *
   * @param minTrials the fewest trials, at least 2
   * @param maxTrials the most trials, at least {@code minTrials}
   * @param target the target relative half-width, positive
   * @param budgetSeconds the most timed seconds, positive
   * @param confidence the interval's confidence level
   */
  public StoppingRule(int minTrials, int maxTrials, double target, double budgetSeconds, double confidence) {
    if (minTrials < 2 || maxTrials < minTrials || !(target > 0) || !(budgetSeconds > 0)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "invalid stopping rule: min %d, max %d, target %s, budget %ss", minTrials, maxTrials, target, budgetSeconds));
    }
    this.minTrials = minTrials;
    this.maxTrials = maxTrials;
    this.target = target;
    this.budgetSeconds = budgetSeconds;
    this.confidence = confidence;
    this.window = window(minTrials);
  }

  private static int window(int minTrials) {
    return Math.max(minTrials, 10);
  }

  /**
   * The trials after which the rule first tests for a plateau: a series that reaches neither its target nor its limit
   * is decided no sooner.
   *
   * @param minTrials the fewest trials
   * @return the count
   */
  public static int firstPlateauCheck(int minTrials) {
    return Math.max(minTrials, 2 * window(minTrials));
  }

  /**
   * Adds a trial and says whether to stop.
   *
   * @param perCallNanos the trial's time per call
   * @param timedSeconds timed seconds spent so far, this trial included
   * @return the decision to stop, with the reason and the figures behind it; empty to go on
   */
  public Optional<Decision> add(double perCallNanos, double timedSeconds) {
    samples.add(perCallNanos);
    int n = samples.count();
    if (n > values.length) {
      values = java.util.Arrays.copyOf(values, 2 * values.length);
    }
    values[n - 1] = perCallNanos;
    double hw = relativeHalfWidth();
    halfWidths.add(hw);
    // the words only once decided: the rule runs between a worker's trials too, where formatting costs microseconds
    if (n >= minTrials && hw <= target) {
      return Optional.of(new Decision(StopReason.TARGET_REACHED, figures(hw, n, timedSeconds)));
    }
    double median = n >= minTrials ? resolvedMedian(hw, n) : Double.NaN;
    if (!Double.isNaN(median)) {
      return Optional.of(new Decision(StopReason.RESOLUTION, figures(hw, n, timedSeconds) + "; ±"
          + Decimals.significant(median * hw, 3) + " ns a call, narrower than the harness resolves (±"
          + Decimals.fixed(RESOLUTION_NANOS, 2) + " ns)"));
    }
    if (n >= maxTrials) {
      return Optional.of(new Decision(StopReason.MAX_TRIALS, figures(hw, n, timedSeconds) + "; at most " + maxTrials
          + " trials"));
    }
    if (n >= 2 && timedSeconds >= budgetSeconds) {
      return Optional.of(new Decision(StopReason.TIME_BUDGET, figures(hw, n, timedSeconds)
          + "; budget " + Decimals.fixed(budgetSeconds, 2) + "s spent"));
    }
    if (n >= firstPlateauCheck(minTrials)) {
      double before = halfWidths.get(n - 1 - window);
      if (hw >= before * (1 - PLATEAU_IMPROVEMENT)) {
        return Optional.of(new Decision(StopReason.PLATEAU, figures(hw, n, timedSeconds) + "; was ±"
            + Decimals.fixed(before * 100, 2) + "% " + window + " trials earlier: the interval stopped narrowing"));
      }
    }
    return Optional.empty();
  }

  /** The median, where the interval around it is within the resolution; NaN otherwise. */
  private double resolvedMedian(double hw, int n) {
    // the geometric mean first (its sums are kept): the median's sort only where the interval may be that narrow
    if (samples.geometricMean() * hw > 2 * RESOLUTION_NANOS || n < nextMedianCheck) {
      return Double.NaN;
    }
    double[] sorted = java.util.Arrays.copyOf(values, n);
    java.util.Arrays.sort(sorted);
    double median = SampleStatistics.percentile(sorted, 0.5);
    if (withinResolution(median, hw)) {
      return median;
    }
    nextMedianCheck = n + Math.max(1, n / 4);
    return Double.NaN;
  }

  /**
   * Whether an interval of a median is narrower than the harness resolves, {@link #RESOLUTION_NANOS} either side.
   *
   * @param median the median time per call
   * @param relativeHalfWidth the interval's relative half-width
   * @return true where more trials would narrow it only on paper
   */
  public static boolean withinResolution(double median, double relativeHalfWidth) {
    return median * relativeHalfWidth <= RESOLUTION_NANOS;
  }

  /**
   * Whether two times per call differ by less than the harness resolves ({@link #RESOLUTION_NANOS}): whatever their
   * ratio, such times are two readings of the harness's own loop, not two levels of the code it calls.
   *
   * @param aNanos a time per call
   * @param bNanos another
   * @return true where the difference is below the resolution
   */
  public static boolean belowResolution(double aNanos, double bNanos) {
    return Math.abs(aNanos - bNanos) < RESOLUTION_NANOS;
  }

  private String figures(double hw, int n, double timedSeconds) {
    // not String.format: a worker words its rule's decision for every case (see Decimals)
    return "±" + Decimals.fixed(hw * 100, 2) + "% (target ±" + Decimals.fixed(target * 100, 2) + "%) after " + n
        + " trials, " + Decimals.fixed(timedSeconds, 2) + "s timed";
  }

  private double relativeHalfWidth() {
    return MedianInterval.relativeHalfWidth(samples.logHalfWidth(confidence));
  }

  /**
   * Why trials stopped.
   *
   * @param reason the rule that fired
   * @param detail the figures behind it
   */
  public record Decision(StopReason reason, String detail) {}
}
