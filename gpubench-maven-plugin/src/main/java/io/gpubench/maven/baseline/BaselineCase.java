package io.gpubench.maven.baseline;

import java.util.List;

/**
 * One case's recorded times in a baseline file.
 *
 * @param id the case id, as in the results file
 * @param clock {@code "device"} or {@code "host"}: the clock the samples are from
 * @param samplesNanos the per-call time of every timed trial, ns, in trial order
 * @param medianNanos the median of the samples, for people reading the file and its diffs
 * @param runId the run it was recorded from
 * @param recordedAt ISO-8601 instant the run finished
 * @param gitRevision the git revision of the run, or null
 */
public record BaselineCase(
    String id,
    String clock,
    List<Double> samplesNanos,
    double medianNanos,
    String runId,
    String recordedAt,
    String gitRevision) {

  /**
   * Makes the record, copying the samples.
   *
   * @param id case id
   * @param clock clock
   * @param samplesNanos samples
   * @param medianNanos median
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   */
  public BaselineCase {
    // Nulls are kept so that BaselineFile can name the case with a hole in its samples.
    samplesNanos = samplesNanos == null ? List.of()
        : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(samplesNanos));
  }

  /**
   * The samples with their clock, as a comparison takes them.
   *
   * @return the samples
   */
  public CaseSamples samples() {
    return new CaseSamples(clock, samplesNanos);
  }
}
