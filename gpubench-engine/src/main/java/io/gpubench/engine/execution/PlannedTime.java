package io.gpubench.engine.execution;

import java.util.Map;

/**
 * The time a run's plan gives its cases, for the progress lines' estimate: each case's declared trial budget
 * ({@code @Trials(budgetSeconds)} with the run's overrides; nothing for a case the plan already skips). The estimate
 * of what is left is the budget left, scaled by how the run has kept to its budgets so far, with half the run's
 * budget as a prior weight on "as planned": so the first line reads the plan rather than the first case (whose JIT
 * warm-up made a run of 107 s print "about 2253 s left"), and the cases after it move the figure as they come.
 */
final class PlannedTime {
  private final Map<String, Double> budgets;
  private final double total;
  private final double prior;
  private double done;

  /**
   * Makes the plan's time.
   *
   * @param budgets each case's planned seconds by case id
   */
  PlannedTime(Map<String, Double> budgets) {
    this.budgets = Map.copyOf(budgets);
    this.total = budgets.values().stream().mapToDouble(Double::doubleValue).sum();
    this.prior = total / 2;
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
   */
  void finished(String caseId) {
    done += budgets.getOrDefault(caseId, 0.0);
  }

  /**
   * The seconds the run has left, by the plan as the run has kept to it.
   *
   * @param elapsedSeconds the run's time so far
   * @return the estimate
   */
  double secondsLeft(double elapsedSeconds) {
    double ratio = (elapsedSeconds + prior) / (done + prior);
    return Math.max(0, total - done) * ratio;
  }
}
