package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.Steps;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The outcome of a case measured in several forks, from each fork's: the figures of all their trials with an interval
 * that spans the forks ({@link Forks}), the correctness, memory and figures of the first fork, the telemetry of the
 * last, every fork's flags, and {@value Flag#FORKS_DISAGREE} where the forks reached different outcomes
 * ({@link io.gpubench.engine.statistics.ForkAgreement}). A fork that did not pass is the case's outcome: a case
 * that failed or broke in one fork is not averaged into a pass.
 */
final class ForkedOutcome {

  private ForkedOutcome() {}

  /**
   * The case's outcome.
   *
   * @param spec the case
   * @param forks the forks' outcomes, in order
   * @param forksNote what the runner did about forks that disagree (the further forks it measured), for the flag;
   *     empty for nothing
   * @return the case's outcome
   */
  static CaseDriver.Outcome combine(CaseSpec spec, List<CaseDriver.Outcome> forks, String forksNote) {
    for (CaseDriver.Outcome o : forks) {
      if (o.result().status() != CaseStatus.PASSED) {
        return o;
      }
    }
    if (forks.size() == 1) {
      return forks.get(0);
    }
    CaseResult first = forks.get(0).result();
    List<Timing> timings = forks.stream().map(o -> o.result().timing()).toList();
    Timing timing = Forks.combine(timings, spec.trials().confidence(), spec.trials().target());
    CaseResult last = forks.get(forks.size() - 1).result();
    CaseResult result = Results.of(spec, CaseStatus.PASSED, null, timing, first.correctness(),
        Results.throughput(spec, timing.primary().median()), last.telemetry(), first.memory())
        .withMetrics(first.metrics()).withAudit(first.audit());
    for (Flag f : Forks.flags(forks.stream().map(CaseDriver.Outcome::result).toList())) {
      result = result.withFlag(f);
    }
    var disagreement = Forks.disagreement(timings);
    if (disagreement.isPresent()) {
      result = result.withFlag(new Flag(Flag.FORKS_DISAGREE, disagreement.get().detail() + forksNote + "; the case's"
          + " figure is the median of all " + forks.size() + " forks' trials", disagreement.get().ratio()));
    }
    String fault = forks.stream().map(CaseDriver.Outcome::runnerFault).filter(Objects::nonNull).findFirst()
        .orElse(null);
    // every fork records into the case's folder: a file once, as the last fork left it
    List<Steps.CaseFile> files = forks.stream().flatMap(o -> o.files().stream())
        .collect(Collectors.toMap(Steps.CaseFile::path, f -> f, (a, b) -> b, LinkedHashMap::new)).values().stream()
        .toList();
    return new CaseDriver.Outcome(result, null, null, fault, files,
        forks.stream().flatMap(o -> o.notes().stream()).distinct().toList());
  }
}
