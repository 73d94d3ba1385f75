package io.gpubench.maven.baseline;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Fingerprint;
import io.gpubench.results.compare.RunSamples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the runs of a build into the baseline of their environment: every passed, timed case, with one baseline run
 * per engine run that had it. A case that telemetry flagged throttled or shared is not a reference anyone should be
 * judged against: it is listed as flagged, and recorded (with its flags) only when the caller accepts flagged cases.
 */
public final class BaselineRecorder {

  private BaselineRecorder() {}

  /**
   * Records runs.
   *
   * @param runs the runs of the build, at least one, all from one environment
   * @param acceptFlagged whether flagged cases are recorded (with their flags) rather than left out
   * @return the environment's baseline, the cases left out with the reason, and the flagged cases
   * @throws IllegalArgumentException when there is no run
   */
  public static Recording record(List<RunResult> runs, boolean acceptFlagged) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no run to record");
    }
    RunResult first = runs.get(0);
    Fingerprint fp = Fingerprint.of(first.environment());
    Map<String, BaselineCase> cases = new LinkedHashMap<>();
    List<String> leftOut = new ArrayList<>();
    List<String> flagged = new ArrayList<>();
    String latest = first.finishedAt();
    for (RunResult run : runs) {
      latest = run.finishedAt() != null && (latest == null || run.finishedAt().compareTo(latest) > 0)
          ? run.finishedAt() : latest;
      for (CaseResult c : run.cases()) {
        RunSamples s = RunSamples.of(run.runId(), c);
        List<String> flags = CaseDigest.deviceStateFlags(c);
        if (c.status() != CaseStatus.PASSED) {
          leftOut.add(c.id() + " (" + c.status() + ")");
          continue;
        }
        if (s.size() == 0) {
          leftOut.add(c.id() + " (not timed)");
          continue;
        }
        if (!flags.isEmpty()) {
          flagged.add(c.id() + " (" + String.join(", ", flags) + (runs.size() > 1 ? ", run " + run.runId() : "")
              + ")");
          if (!acceptFlagged) {
            continue;
          }
        }
        BaselineRun r = new BaselineRun(run.runId(), run.finishedAt(), run.environment().gitRevision(),
            java.util.Arrays.stream(s.values()).boxed().toList(), s.median(), flags);
        BaselineCase one = new BaselineCase(c.id(), s.clock(), List.of(r));
        cases.merge(c.id(), one, (old, now) -> old.plus(now, Integer.MAX_VALUE));
      }
    }
    return new Recording(new EnvironmentBaseline(fp.key(), fp.details(), latest, List.copyOf(cases.values())),
        leftOut, flagged);
  }

  /**
   * Runs as a baseline.
   *
   * @param baseline the environment's baseline
   * @param leftOut cases not recorded because they did not pass or were not timed, each with why
   * @param flagged cases telemetry flagged, each with its flags: left out unless accepted
   */
  public record Recording(EnvironmentBaseline baseline, List<String> leftOut, List<String> flagged) {

    /**
     * Makes the recording, copying the lists.
     *
     * @param baseline baseline
     * @param leftOut cases left out
     * @param flagged flagged cases
     */
    public Recording {
      leftOut = List.copyOf(leftOut);
      flagged = List.copyOf(flagged);
    }
  }
}
