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
 * @param reference what the output was compared with, such as {@code "@Reference fp64(BenchContext) in FP64"} or
 *     {@code "the model's FP32 output"}; for the FP32 case of a {@code @Model} without a {@code @Reference}, which
 *     is its own reference, a sentence saying that only finiteness and the agreement of later calls were checked.
 *     Null in files written before it was recorded
 */
public record Correctness(
    Precision referencePrecision,
    ErrorStats error,
    List<Check> checks,
    ErrorStats agreement,
    int callsCompared,
    boolean inputsUnchanged,
    boolean passed,
    String reference) {

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
   * @param reference what the output was compared with, or null
   */
  public Correctness {
    checks = List.copyOf(checks);
  }

  /**
   * Makes the record without saying what the reference was.
   *
   * @param referencePrecision reference precision
   * @param error error against the reference
   * @param checks the bounds
   * @param agreement disagreement of later calls
   * @param callsCompared calls compared
   * @param inputsUnchanged whether inputs were unchanged
   * @param passed whether all held
   */
  public Correctness(Precision referencePrecision, ErrorStats error, List<Check> checks, ErrorStats agreement,
      int callsCompared, boolean inputsUnchanged, boolean passed) {
    this(referencePrecision, error, checks, agreement, callsCompared, inputsUnchanged, passed, null);
  }
}
