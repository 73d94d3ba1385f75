package io.gpubench.maven.baseline;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.Fingerprint;
import io.gpubench.results.compare.RunFlags;
import io.gpubench.results.compare.RunSamples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the runs of a build into the baseline of their environment: every passed, timed case, with one baseline run
 * per engine run that had it. A case whose flags measured how much the device's state slowed it (a contended CPU
 * core: the probe's slowdown) is recorded with its flags and that slowdown, and listed as bounded: comparisons take
 * the baseline's clean runs first and bound a flagged one by its slowdown. A case flagged without a measured slowdown
 * (a GPU that was throttled, or shared with another process) could explain any later change, so it is no reference:
 * it is listed as refused, and recorded only when the caller accepts such cases.
 */
public final class BaselineRecorder {

  private BaselineRecorder() {}

  /**
   * Records runs.
   *
   * @param runs the runs of the build, at least one, all from one environment
   * @param acceptFlagged whether cases flagged without a measured slowdown are recorded (with their flags) rather
   *     than left out
   * @return the environment's baseline, the cases left out with the reason, the refused and the bounded cases
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
    List<String> bounded = new ArrayList<>();
    Set<String> refusedFlags = new LinkedHashSet<>();
    String latest = first.finishedAt();
    for (RunResult run : runs) {
      latest = run.finishedAt() != null && (latest == null || run.finishedAt().compareTo(latest) > 0)
          ? run.finishedAt() : latest;
      for (CaseResult c : run.cases()) {
        RunSamples s = RunSamples.of(run.runId(), c);
        // the flags a comparison bounds a run by: the device's state, and forks that disagreed
        List<String> flags = RunFlags.comparisonFlags(c);
        if (c.status() != CaseStatus.PASSED) {
          leftOut.add(c.id() + " (" + c.status() + ")");
          continue;
        }
        if (s.size() == 0) {
          leftOut.add(c.id() + " (not timed)");
          continue;
        }
        if (!flags.isEmpty()) {
          String what = c.id() + " (" + String.join(", ", flags) + (runs.size() > 1 ? ", run " + run.runId() : "")
              + ")";
          if (s.bounded()) {
            bounded.add(what);
          } else {
            flagged.add(what);
            c.flags().stream().filter(Flag::aboutDeviceState).map(Flag::code).forEach(refusedFlags::add);
            if (!acceptFlagged) {
              continue;
            }
          }
        }
        BaselineRun r = BaselineRun.of(s, run.finishedAt(), run.environment().gitRevision(), memory(c));
        BaselineCase one = new BaselineCase(c.id(), s.clock(), List.of(r));
        cases.merge(c.id(), one, (old, now) -> old.plus(now, Integer.MAX_VALUE));
      }
    }
    return new Recording(new EnvironmentBaseline(fp.key(), fp.details(), latest, List.copyOf(cases.values())),
        leftOut, flagged, refusedFlags, bounded);
  }

  /** The case's memory figures, by name: what a later build's memory is compared with. */
  private static java.util.Map<String, Double> memory(io.gpubench.api.result.CaseResult c) {
    java.util.Map<String, Double> m = new java.util.TreeMap<>();
    for (io.gpubench.results.compare.MemoryFigure f : io.gpubench.results.compare.MemoryFigure.values()) {
      Double v = f.valueOf(c);
      if (v != null) {
        m.put(f.key(), v);
      }
    }
    return m;
  }

  /**
   * Runs as a baseline.
   *
   * @param baseline the environment's baseline
   * @param leftOut cases not recorded because they did not pass or were not timed, each with why
   * @param flagged cases telemetry flagged without a measured slowdown, each with its flags: left out unless
   *     accepted
   * @param refusedFlags the flag codes of those cases' device states ({@link Flag#THROTTLED}, {@link Flag#SHARED},
   *     {@link Flag#CONTENDED}), for {@link RefusedDevices}
   * @param bounded cases telemetry flagged with a measured slowdown, each with its flags: recorded
   */
  public record Recording(EnvironmentBaseline baseline, List<String> leftOut, List<String> flagged,
      Set<String> refusedFlags, List<String> bounded) {

    /**
     * Makes the recording, copying the lists.
     *
     * @param baseline baseline
     * @param leftOut cases left out
     * @param flagged refused flagged cases
     * @param refusedFlags their device states' flag codes
     * @param bounded bounded flagged cases
     */
    public Recording {
      leftOut = List.copyOf(leftOut);
      flagged = List.copyOf(flagged);
      refusedFlags = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(refusedFlags));
      bounded = List.copyOf(bounded);
    }
  }
}
