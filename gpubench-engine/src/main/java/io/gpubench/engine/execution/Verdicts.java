package io.gpubench.engine.execution;

import io.gpubench.api.CheckMetric;
import io.gpubench.api.Precision;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.engine.correctness.Allowance;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.Steps;
import java.util.ArrayList;
import java.util.List;

/**
 * The correctness verdict of a case, from the figures its runner measured: the checked call against the reference
 * within the allowance, every later call against the checked one within the same allowance (a race or state carried
 * between calls shows here), the inputs unchanged.
 */
final class Verdicts {
  private final Allowance allowance;
  private final Precision referencePrecision;
  private final boolean hasReference;
  private final String reference;
  private ErrorStats error;
  private String shapeMismatch;
  private List<Check> checks = List.of();
  private ErrorStats worstAgreement;
  private List<Check> agreementMisses = List.of();
  private int compared;

  /**
   * The verdicts of one case.
   *
   * @param spec the case: its allowance, reference precision and what its reference is; a case that is its own
   *     reference (a model's FP32 output) is held to finiteness and agreement only, since no bound against itself
   *     says anything
   * @param hasReference whether the runner has a reference to compare with
   */
  Verdicts(CaseSpec spec, boolean hasReference) {
    this.allowance = spec.selfReferenced() ? Allowance.NONE : spec.allowance();
    this.referencePrecision = spec.declaration().referencePrecision();
    this.hasReference = hasReference;
    this.reference = spec.reference();
  }

  void checked(Steps.Checked first) {
    shapeMismatch = first.shapeMismatch();
    if (first.error() != null) {
      error = first.error();
      checks = allowance.check(error);
    }
  }

  void later(List<ErrorStats> agreement) {
    for (ErrorStats d : agreement) {
      compared++;
      List<Check> misses = allowance.check(d).stream().filter(c -> !c.passed()).toList();
      if (worstAgreement == null || d.maxAbs() > worstAgreement.maxAbs() || d.nonFinite() > worstAgreement.nonFinite()) {
        worstAgreement = d;
      }
      if (!misses.isEmpty() && agreementMisses.isEmpty()) {
        agreementMisses = misses;
      }
    }
  }

  /** Every miss as a message line; empty when the case is correct. */
  List<String> misses(List<String> changedInputs) {
    List<String> lines = new ArrayList<>();
    if (shapeMismatch != null) {
      lines.add(shapeMismatch + ": the output does not have the reference's shape");
    }
    for (Check c : checks) {
      if (!c.passed()) {
        lines.add(c.metric() == CheckMetric.NON_FINITE
            ? c.describe() + " (" + error.nonFinite() + " of " + (error.count() + error.nonFinite())
                + " output elements are NaN or infinite: unwritten or overflowed)"
            : c.describe());
      }
    }
    for (Check c : agreementMisses) {
      lines.add("a later call disagrees with the checked call: " + c.describe());
    }
    for (String name : changedInputs) {
      lines.add("input '" + name + "' was changed by the workload");
    }
    return lines;
  }

  Correctness correctness(List<String> changedInputs) {
    if (!hasReference) {
      return null;
    }
    boolean passed = misses(changedInputs).isEmpty();
    return new Correctness(referencePrecision, error, checks, worstAgreement, compared, changedInputs.isEmpty(),
        passed, reference);
  }
}
