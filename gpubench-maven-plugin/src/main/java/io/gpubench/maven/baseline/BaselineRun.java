package io.gpubench.maven.baseline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One run's samples of one case in a baseline file: the unit whose spread the comparison measures.
 *
 * @param runId the run it was recorded from
 * @param recordedAt ISO-8601 instant the run finished
 * @param gitRevision the git revision of the run, or null
 * @param samplesNanos the per-call time of every timed trial, ns, in trial order
 * @param medianNanos the median of the samples, for people reading the file and its diffs
 * @param flags telemetry flags of the case in that run ({@code throttled (…)}, {@code shared GPU (…)}), recorded
 *     only when the baseline goal was told to accept them; empty otherwise
 */
public record BaselineRun(
    String runId, String recordedAt, String gitRevision, List<Double> samplesNanos, double medianNanos,
    List<String> flags) {

  /**
   * Makes the record, copying the lists.
   *
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   * @param samplesNanos samples
   * @param medianNanos median
   * @param flags telemetry flags
   */
  public BaselineRun {
    // Nulls are kept so that BaselineFile can name the case with a hole in its samples.
    samplesNanos = samplesNanos == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(samplesNanos));
    flags = flags == null ? List.of() : List.copyOf(flags);
  }

  /**
   * The samples as an array.
   *
   * @return the times, ns
   */
  public double[] toArray() {
    return samplesNanos.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
