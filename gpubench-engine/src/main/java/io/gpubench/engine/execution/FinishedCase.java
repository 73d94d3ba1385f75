package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.memory.HostMemoryMeter;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.Steps;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of one fork of a case whose steps all ran, from what they sent back: its correctness (the tolerances,
 * and the agreement of the calls after the checked one), its status (a missed tolerance fails the case, an error in
 * tear-down makes it an error and keeps the misses), its roofline, and the flags that its figures, its host memory
 * and its recorders call for. {@link CaseDriver} drives the steps and hands their replies here, so that what a result
 * is made of reads in one place and the driver stays the order of the steps.
 */
final class FinishedCase {

  private FinishedCase() {}

  /**
   * The fork's result.
   *
   * @param spec the case
   * @param policy the fork's trial policy, as the stopping rule began with it (for the flags it raises)
   * @param verdicts the agreement verdicts so far (the checked call's and the warm-up's)
   * @param series the trials
   * @param timing the timing the trials gave
   * @param ended what ending the trials sent back (its telemetry)
   * @param collected what the kernel audit and the recorders sent back
   * @param finished what the last call and tear-down sent back
   * @return the result
   */
  static CaseResult result(CaseSpec spec, TrialPolicy policy, Verdicts verdicts, TrialSeries series, Timing timing,
      Steps.TrialsEnded ended, Steps.Collected collected, Steps.Finished finished) {
    if (finished.agreement() != null) {
      verdicts.later(List.of(finished.agreement()));
    }
    Correctness correctness = verdicts.correctness(finished.changedInputs());
    Memory memory = finished.memory();
    List<String> problems = new ArrayList<>(verdicts.misses(finished.changedInputs()));
    CaseStatus status = CaseStatus.PASSED;
    String message = null;
    if (!problems.isEmpty()) {
      status = CaseStatus.FAILED;
      message = spec.displayName() + " missed its tolerance:\n  " + String.join("\n  ", problems);
    }
    if (finished.tearDown() != null) {
      status = CaseStatus.ERROR;
      message = (message == null ? "" : message + "\n") + finished.tearDown().message();
    }
    CaseResult result = Results.of(spec, status, message, timing, correctness,
        Results.throughput(spec, timing.primary().median()), ended.telemetry(), memory)
        .withMetrics(finished.metrics()).withAudit(collected.audit());
    for (Flag f : CaseFlags.of(policy, series, timing, ended.telemetry())) {
      result = result.withFlag(f);
    }
    if (memory != null && memory.host() != null) {
      result = HostMemoryMeter.gcFlag(memory.host()).map(result::withFlag).orElse(result);
    }
    if (!collected.recorded().isEmpty()) {
      result = result.withFlag(new Flag(Flag.PROFILED, String.join(" and ", collected.recorded())
          + " ran during the trials: their overhead is in the figures"));
    }
    return result;
  }
}
