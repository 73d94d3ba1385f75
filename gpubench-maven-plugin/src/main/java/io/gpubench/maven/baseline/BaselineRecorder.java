package io.gpubench.maven.baseline;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/** Turns a run into the baseline of its environment. Only passed, timed cases are recorded. */
public final class BaselineRecorder {

  private BaselineRecorder() {}

  /**
   * Records a run.
   *
   * @param run the results
   * @return the environment's baseline and the cases left out, with the reason
   */
  public static Recording record(RunResult run) {
    Fingerprint fp = Fingerprint.of(run.environment());
    List<BaselineCase> cases = new ArrayList<>();
    List<String> leftOut = new ArrayList<>();
    for (CaseResult c : run.cases()) {
      CaseSamples s = CaseSamples.of(c);
      if (c.status() != CaseStatus.PASSED) {
        leftOut.add(c.id() + " (" + c.status() + ")");
      } else if (s.nanos().isEmpty()) {
        leftOut.add(c.id() + " (not timed)");
      } else {
        cases.add(new BaselineCase(c.id(), s.clock(), s.nanos(), s.median(), run.runId(), run.finishedAt(),
            run.environment().gitRevision()));
      }
    }
    return new Recording(new EnvironmentBaseline(fp.key(), fp.details(), run.finishedAt(), cases), leftOut);
  }

  /**
   * A run as a baseline.
   *
   * @param baseline the environment's baseline
   * @param leftOut cases not recorded, each with why
   */
  public record Recording(EnvironmentBaseline baseline, List<String> leftOut) {

    /**
     * Makes the recording, copying the list.
     *
     * @param baseline baseline
     * @param leftOut cases left out
     */
    public Recording {
      leftOut = List.copyOf(leftOut);
    }
  }
}
