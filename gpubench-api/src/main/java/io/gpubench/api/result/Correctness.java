package io.gpubench.api.result;

import io.gpubench.api.Precision;
import java.util.List;

/**
 * The checks of a case's output.
 *
 * @param referencePrecision the precision the reference was computed in
 * @param error the checked (first warm-up) call's error against the reference
 * @param checks every bound of the tolerance, checked against {@code error}
 * @param agreement the largest disagreement of a later call with the checked call, or null when none was compared
 * @param callsCompared later calls compared with the checked call
 * @param inputsUnchanged whether every input was unchanged after the calls
 * @param passed whether every check held
 */
public record Correctness(
    Precision referencePrecision,
    ErrorStats error,
    List<Check> checks,
    ErrorStats agreement,
    int callsCompared,
    boolean inputsUnchanged,
    boolean passed) {

  /**
   * Makes the record, copying the checks.
   *
   * @param referencePrecision reference precision
   * @param error error against the reference
   * @param checks the bounds
   * @param agreement disagreement of later calls
   * @param callsCompared calls compared
   * @param inputsUnchanged whether inputs were unchanged
   * @param passed whether all held
   */
  public Correctness {
    checks = List.copyOf(checks);
  }
}
