package io.gpubench.engine.execution;

import io.gpubench.api.CheckMetric;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.engine.correctness.Allowance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The correctness protocol of a case: the first warm-up call is checked against the reference and kept; every
 * later call must agree with it within the same allowance (a race or state carried between calls shows here);
 * the inputs must be unchanged at the end.
 */
final class OutputCheck {
  private final TensorOps ops;
  private final Allowance allowance;
  private final Precision referencePrecision;
  private final Map<Tensor, Long> inputPrints = new HashMap<>();
  private ErrorStats error;
  private List<Check> checks = List.of();
  private Tensor checked;
  private ErrorStats worstAgreement;
  private List<Check> agreementMisses = List.of();
  private int compared;

  OutputCheck(TensorOps ops, Allowance allowance, Precision referencePrecision) {
    this.ops = ops;
    this.allowance = allowance;
    this.referencePrecision = referencePrecision;
  }

  void rememberInputs(List<Tensor> inputs) {
    for (Tensor t : inputs) {
      inputPrints.put(t, ops.fingerprint(t));
    }
  }

  /** Checks the first call's output against the reference and keeps a copy of it. */
  void checkFirst(Tensor output, Tensor reference) {
    error = ops.compare(output, reference, allowance.range());
    checks = allowance.check(error);
    checked = ops.copy("checked " + output.name(), output);
  }

  /** Compares a later call's output with the checked one. */
  void checkLater(Tensor output) {
    if (checked == null) {
      return;
    }
    ErrorStats d = ops.compare(output, checked, allowance.range());
    compared++;
    List<Check> misses = allowance.check(d).stream().filter(c -> !c.passed()).toList();
    if (worstAgreement == null || d.maxAbs() > worstAgreement.maxAbs() || d.nonFinite() > worstAgreement.nonFinite()) {
      worstAgreement = d;
    }
    if (!misses.isEmpty() && agreementMisses.isEmpty()) {
      agreementMisses = misses;
    }
  }

  List<String> changedInputs() {
    List<String> changed = new ArrayList<>();
    inputPrints.forEach((t, print) -> {
      if (ops.fingerprint(t) != print) {
        changed.add(t.name());
      }
    });
    return changed;
  }

  /** Every miss, each as a message line; empty when the case is correct. */
  List<String> misses(List<String> changedInputs) {
    List<String> lines = new ArrayList<>();
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

  Correctness result(boolean inputsUnchanged, boolean passed) {
    if (error == null) {
      return null;
    }
    return new Correctness(referencePrecision, error, checks, worstAgreement, compared, inputsUnchanged, passed);
  }
}
