package io.gpubench.api.result;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import java.util.Map;

/**
 * One case: a workload at one shape, precision and backend.
 *
 * @param id the stable key of the case across runs: {@code Class#workload[shape][precision][backend]}, which
 *     baselines and rules match
 * @param benchmark the benchmark class's fully qualified name
 * @param workload the workload's name
 * @param displayName the test's display name, such as {@code matmul [m=256,n=256,k=256, FP16, cpu]}
 * @param backend the backend id
 * @param precision the precision
 * @param shape the shape's axes, in declaration order
 * @param status how it ended
 * @param message the reason for a skip, the failure, or null
 * @param timing warm-up and trial times, or null when it did not get that far
 * @param correctness the checks against the reference, or null
 * @param throughput work rates and the roofline bound, or null when no cost is declared
 * @param telemetry device telemetry during the trials, or null
 * @param memory device memory, or null
 * @param metrics further named figures a workload reports (such as {@code samplesPerSecond}), each with its unit
 *     and direction
 */
public record CaseResult(
    String id,
    String benchmark,
    String workload,
    String displayName,
    BackendId backend,
    Precision precision,
    Map<String, Long> shape,
    CaseStatus status,
    String message,
    Timing timing,
    Correctness correctness,
    Throughput throughput,
    Telemetry telemetry,
    Memory memory,
    Map<String, Metric> metrics) {

  /**
   * Makes the result, copying the maps (keeping the shape's order).
   *
   * @param id stable key
   * @param benchmark class name
   * @param workload workload name
   * @param displayName display name
   * @param backend backend id
   * @param precision precision
   * @param shape shape axes
   * @param status status
   * @param message message
   * @param timing timing
   * @param correctness correctness
   * @param throughput throughput
   * @param telemetry telemetry
   * @param memory memory
   * @param metrics further figures
   */
  public CaseResult {
    shape = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(shape));
    metrics = metrics == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
  }

  /**
   * This result with its further figures replaced.
   *
   * @param figures the figures, by name
   * @return a copy with {@code metrics} set to {@code figures}
   */
  public CaseResult withMetrics(Map<String, Metric> figures) {
    return new CaseResult(id, benchmark, workload, displayName, backend, precision, shape, status, message, timing,
        correctness, throughput, telemetry, memory, figures);
  }

  /**
   * The median time of one call in nanoseconds, device clock where there is one, else host.
   *
   * @return the median, or NaN when the case was not timed
   */
  public double medianNanos() {
    if (timing == null) {
      return Double.NaN;
    }
    Statistics s = timing.primary();
    return s == null ? Double.NaN : s.median();
  }
}
