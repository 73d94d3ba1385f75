package io.gpubench.engine.statistics;

import io.gpubench.api.result.StopReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides after each trial whether a case has been timed enough, in the spirit of nvbench's noise criterion:
 * stop when the confidence interval of the median ({@link MedianInterval}, the interval the case reports) is narrow
 * enough relative to the median; stop anyway at the trial
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

  private final int minTrials;
  private final int maxTrials;
  private final double target;
  private final double budgetSeconds;
  private final double confidence;
  private final int window;
  private final List<Double> halfWidths = new ArrayList<>();
  private final MedianInterval.Running samples = new MedianInterval.Running();

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
    double hw = relativeHalfWidth();
    halfWidths.add(hw);
    // the words only once decided: the rule runs between a worker's trials too, where formatting costs microseconds
    if (n >= minTrials && hw <= target) {
      return Optional.of(new Decision(StopReason.TARGET_REACHED, figures(hw, n, timedSeconds)));
    }
    if (n >= maxTrials) {
      return Optional.of(new Decision(StopReason.MAX_TRIALS, figures(hw, n, timedSeconds) + "; at most " + maxTrials
          + " trials"));
    }
    if (n >= 2 && timedSeconds >= budgetSeconds) {
      return Optional.of(new Decision(StopReason.TIME_BUDGET, figures(hw, n, timedSeconds)
          + String.format(Locale.ROOT, "; budget %.2fs spent", budgetSeconds)));
    }
    if (n >= firstPlateauCheck(minTrials)) {
      double before = halfWidths.get(n - 1 - window);
      if (hw >= before * (1 - PLATEAU_IMPROVEMENT)) {
        return Optional.of(new Decision(StopReason.PLATEAU, figures(hw, n, timedSeconds) + String.format(Locale.ROOT,
            "; was ±%.2f%% %d trials earlier: the interval stopped narrowing", before * 100, window)));
      }
    }
    return Optional.empty();
  }

  private String figures(double hw, int n, double timedSeconds) {
    return String.format(Locale.ROOT, "±%.2f%% (target ±%.2f%%) after %d trials, %.2fs timed", hw * 100,
        target * 100, n, timedSeconds);
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
