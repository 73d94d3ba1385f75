package io.gpubench.engine.declaration;

import io.gpubench.api.Precision;
import io.gpubench.engine.correctness.Allowance;
import java.util.Map;

/**
 * The allowances of a class: one per precision that has an entry of its own, and one for the others.
 *
 * @param byPrecision allowances declared for specific precisions
 * @param fallback the allowance for every other precision ({@link Allowance#NONE} when none is declared)
 * @param declared whether the class declares any tolerance
 */
public record ToleranceTable(Map<Precision, Allowance> byPrecision, Allowance fallback, boolean declared) {

  /**
   * Makes the table, copying the map.
   *
   * @param byPrecision specific allowances
   * @param fallback the general allowance
   * @param declared whether any tolerance was declared
   */
  public ToleranceTable {
    byPrecision = Map.copyOf(byPrecision);
  }

  /**
   * The allowance of a precision.
   *
   * @param precision the case's precision
   * @return its allowance
   */
  public Allowance forPrecision(Precision precision) {
    return byPrecision.getOrDefault(precision, fallback);
  }
}
