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
 * @param flags telemetry flags of the case in that run ({@code contended CPU (1.31x slower)}, {@code shared GPU (…)});
 *     empty for a clean run
 * @param slowdown for a flagged run, the slowdown its flags measured (comparisons bound it by that); null for a clean
 *     run, and for a flagged one whose flags measured none (then it is recorded only when the baseline goal was told
 *     to accept such runs)
 * @param spread for a run whose forks disagreed, the ratio of their medians: comparisons bound it by that both ways;
 *     null otherwise (and in files written before it was recorded)
 * @param memory the case's memory figures in that run, by {@link io.gpubench.results.compare.MemoryFigure} name
 *     ({@code allocatedBytesPerCall}, {@code peakDeviceMemory}, {@code deviceMemoryDelta}), bytes; empty in
 *     baselines recorded before memory was
 */
public record BaselineRun(
    String runId, String recordedAt, String gitRevision, List<Double> samplesNanos, double medianNanos,
    List<String> flags, Double slowdown, Double spread, java.util.Map<String, Double> memory) {

  /**
   * Makes the record, copying the lists.
   *
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   * @param samplesNanos samples
   * @param medianNanos median
   * @param flags telemetry flags
   * @param slowdown measured slowdown of a flagged run, or null
   * @param spread the ratio of its forks' medians where they disagreed, or null
   * @param memory memory figures, by name
   */
  public BaselineRun {
    memory = memory == null ? java.util.Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(memory));
    // Nulls are kept so that BaselineFile can name the case with a hole in its samples.
    samplesNanos = samplesNanos == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(samplesNanos));
    flags = flags == null ? List.of() : List.copyOf(flags);
  }

  /**
   * A run without memory figures.
   *
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   * @param samplesNanos samples
   * @param medianNanos median
   * @param flags telemetry flags
   * @param slowdown measured slowdown of a flagged run, or null
   * @param spread the ratio of its forks' medians where they disagreed, or null
   */
  public BaselineRun(String runId, String recordedAt, String gitRevision, List<Double> samplesNanos,
      double medianNanos, List<String> flags, Double slowdown, Double spread) {
    this(runId, recordedAt, gitRevision, samplesNanos, medianNanos, flags, slowdown, spread, null);
  }

  /**
   * A run whose forks did not disagree.
   *
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   * @param samplesNanos samples
   * @param medianNanos median
   * @param flags telemetry flags
   * @param slowdown measured slowdown of a flagged run, or null
   * @param memory memory figures, by name
   */
  public BaselineRun(String runId, String recordedAt, String gitRevision, List<Double> samplesNanos,
      double medianNanos, List<String> flags, Double slowdown, java.util.Map<String, Double> memory) {
    this(runId, recordedAt, gitRevision, samplesNanos, medianNanos, flags, slowdown, null, memory);
  }

  /**
   * A run whose forks did not disagree, without memory figures.
   *
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   * @param samplesNanos samples
   * @param medianNanos median
   * @param flags telemetry flags
   * @param slowdown measured slowdown of a flagged run, or null
   */
  public BaselineRun(String runId, String recordedAt, String gitRevision, List<Double> samplesNanos,
      double medianNanos, List<String> flags, Double slowdown) {
    this(runId, recordedAt, gitRevision, samplesNanos, medianNanos, flags, slowdown, null, null);
  }

  /**
   * A run whose flags measured no slowdown (or that has none).
   *
   * @param runId run id
   * @param recordedAt when
   * @param gitRevision git revision
   * @param samplesNanos samples
   * @param medianNanos median
   * @param flags telemetry flags
   */
  public BaselineRun(String runId, String recordedAt, String gitRevision, List<Double> samplesNanos,
      double medianNanos, List<String> flags) {
    this(runId, recordedAt, gitRevision, samplesNanos, medianNanos, flags, null, null, null);
  }

  /**
   * A run of a case's samples as a baseline records it: its flags, and the slowdown and spread they measured where
   * they bound it (a run whose flags measured nothing is recorded with its flags alone, and bounds nothing).
   *
   * @param s the samples, with their flags
   * @param recordedAt when the run finished
   * @param gitRevision its git revision, or null
   * @param memory its memory figures, by name
   * @return the run
   */
  public static BaselineRun of(io.gpubench.results.compare.RunSamples s, String recordedAt, String gitRevision,
      java.util.Map<String, Double> memory) {
    boolean bounds = !s.flags().isEmpty() && s.bounded();
    return new BaselineRun(s.runId(), recordedAt, gitRevision, java.util.Arrays.stream(s.values()).boxed().toList(),
        s.median(), s.flags(), bounds ? s.slowdown() : null, bounds && s.spread() != 1 ? s.spread() : null, memory);
  }

  /**
   * The slowdown a comparison bounds this run by: 1 when clean, the measured one, or {@code +∞} where its flags
   * measured none.
   *
   * @return the factor
   */
  public double boundingSlowdown() {
    if (flags.isEmpty()) {
      return 1;
    }
    return slowdown == null ? Double.POSITIVE_INFINITY : slowdown;
  }

  /**
   * The spread a comparison bounds this run by both ways: 1 without one, the ratio of its forks' medians.
   *
   * @return the factor
   */
  public double boundingSpread() {
    return spread == null ? 1 : spread;
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
