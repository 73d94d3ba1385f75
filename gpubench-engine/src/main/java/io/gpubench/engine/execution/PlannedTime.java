package io.gpubench.engine.execution;

import io.gpubench.engine.statistics.SampleStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The time a run's plan gives its cases, for the progress lines' estimate: each case's declared trial budget
 * ({@code @Trials(budgetSeconds)} with the run's overrides; nothing for a case the plan already skips). The estimate
 * of what is left is the budget left times the typical share of its budget a finished case took (the median, the plan
 * itself counted as {@value #PRIOR_CASES} cases that kept to their budgets), times the run's elapsed time over the
 * finished cases' own (the engine's time between cases, and cases run in parallel).
 *
 * <p>Why a median of shares. A first case's JIT warm-up is no guide to the cases after it: taken alone it made a run
 * of 107 s print "about 2253 s left", hence the plan's prior. But a budget is a bound, not a forecast: 1,000 cases of
 * an empty call, 5 s of budget each, take 7 ms each, and a prior weighed as half the run's budget (2,500 s) still read
 * "about 537 s left" with 2 s to go. The median lets the plan speak until a few cases have finished, and the cases
 * after that.
 */
final class PlannedTime {
  /** How many finished cases the plan counts as, each at its budget. */
  static final int PRIOR_CASES = 2;

  private final Map<String, Double> budgets;
  private final double total;
  private final List<Double> shares = new ArrayList<>();
  private double done;
  private double caseSeconds;

  /**
   * Makes the plan's time.
   *
   * @param budgets each case's planned seconds by case id
   */
  PlannedTime(Map<String, Double> budgets) {
    this.budgets = Map.copyOf(budgets);
    this.total = budgets.values().stream().mapToDouble(Double::doubleValue).sum();
    for (int i = 0; i < PRIOR_CASES; i++) {
      shares.add(1.0);
    }
  }

  /**
   * Whether the plan gives any time to estimate from.
   *
   * @return true when some case has a budget
   */
  boolean known() {
    return total > 0;
  }

  /**
   * Counts a case as done.
   *
   * @param caseId its id
   * @param seconds the case's own time, 0 for a case that never started
   */
  void finished(String caseId, double seconds) {
    double budget = budgets.getOrDefault(caseId, 0.0);
    done += budget;
    if (budget > 0 && seconds > 0) {
      shares.add(seconds / budget);
      caseSeconds += seconds;
    }
  }

  /**
   * The seconds the run has left, by the plan as the run has kept to it.
   *
   * @param elapsedSeconds the run's time so far
   * @return the estimate
   */
  double secondsLeft(double elapsedSeconds) {
    double share = SampleStatistics.median(shares.stream().mapToDouble(Double::doubleValue).toArray());
    double overCases = caseSeconds > 0 ? elapsedSeconds / caseSeconds : 1;
    return Math.max(0, total - done) * share * overCases;
  }
}
