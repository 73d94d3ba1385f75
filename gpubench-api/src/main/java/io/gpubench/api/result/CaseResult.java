package io.gpubench.api.result;

import io.gpubench.api.AxisValue;
import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import java.util.List;
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
 * @param shape the shape's axes, in declaration order: whole numbers, real numbers and names
 * @param status how it ended
 * @param message the reason for a skip, the failure, or null
 * @param timing warm-up and trial times, or null when it did not get that far
 * @param correctness the checks against the reference, or null
 * @param throughput work rates and the roofline bound, or null when no cost is declared
 * @param telemetry device telemetry during the trials, or null
 * @param memory device memory, or null
 * @param metrics further named figures a workload reports (such as {@code samplesPerSecond}), each with its unit
 *     and direction
 * @param audit the kernels one more call ran on the device, by library (CUDA cases), or null
 * @param worldSize how many ranks ran the case (a multi-GPU world), or null for one device
 * @param flags what a reader must know before trusting the figures (throttled, shared, trending ...)
 * @param axisOverrides the axes whose values the run set rather than the class ({@code gpubench.axes.*}): axis to
 *     the configuration key that set it; empty when none
 */
public record CaseResult(
    String id,
    String benchmark,
    String workload,
    String displayName,
    BackendId backend,
    Precision precision,
    Map<String, AxisValue> shape,
    CaseStatus status,
    String message,
    Timing timing,
    Correctness correctness,
    Throughput throughput,
    Telemetry telemetry,
    Memory memory,
    Map<String, Metric> metrics,
    KernelAudit audit,
    Integer worldSize,
    List<Flag> flags,
    Map<String, String> axisOverrides) {

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
   * @param audit the kernel audit
   * @param worldSize ranks of a world, or null
   * @param flags flags
   * @param axisOverrides axes the run set, to the key that set each
   */
  public CaseResult {
    shape = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(shape));
    metrics = metrics == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
    flags = flags == null ? List.of() : List.copyOf(flags);
    axisOverrides = axisOverrides == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(axisOverrides));
  }

  /**
   * A result whose axes the run did not override, its shape given as Java values ({@link AxisValue#of(Object)}:
   * {@code Long} a whole number, {@code Double} a real one, {@code String} a name).
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
   * @param audit the kernel audit
   * @param worldSize ranks of a world, or null
   * @param flags flags
   */
  public CaseResult(String id, String benchmark, String workload, String displayName, BackendId backend,
      Precision precision, Map<String, ?> shape, CaseStatus status, String message, Timing timing,
      Correctness correctness, Throughput throughput, Telemetry telemetry, Memory memory,
      Map<String, Metric> metrics, KernelAudit audit, Integer worldSize, List<Flag> flags) {
    this(id, benchmark, workload, displayName, backend, precision, AxisValue.ofAll(shape), status, message, timing,
        correctness, throughput, telemetry, memory, metrics, audit, worldSize, flags, Map.of());
  }

  /**
   * A result of one device without audit or flags.
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
  public CaseResult(String id, String benchmark, String workload, String displayName, BackendId backend,
      Precision precision, Map<String, ?> shape, CaseStatus status, String message, Timing timing,
      Correctness correctness, Throughput throughput, Telemetry telemetry, Memory memory,
      Map<String, Metric> metrics) {
    this(id, benchmark, workload, displayName, backend, precision, AxisValue.ofAll(shape), status, message, timing,
        correctness, throughput, telemetry, memory, metrics, null, null, List.of(), Map.of());
  }

  /**
   * This result with its further figures replaced.
   *
   * @param figures the figures, by name
   * @return a copy with {@code metrics} set to {@code figures}
   */
  public CaseResult withMetrics(Map<String, Metric> figures) {
    return new CaseResult(id, benchmark, workload, displayName, backend, precision, shape, status, message, timing,
        correctness, throughput, telemetry, memory, figures, audit, worldSize, flags, axisOverrides);
  }

  /**
   * This result with its kernel audit set.
   *
   * @param kernelAudit the audit
   * @return a copy
   */
  public CaseResult withAudit(KernelAudit kernelAudit) {
    return new CaseResult(id, benchmark, workload, displayName, backend, precision, shape, status, message, timing,
        correctness, throughput, telemetry, memory, metrics, kernelAudit, worldSize, flags, axisOverrides);
  }

  /**
   * This result with a flag added.
   *
   * @param flag the flag
   * @return a copy
   */
  public CaseResult withFlag(Flag flag) {
    List<Flag> more = new java.util.ArrayList<>(flags);
    more.add(flag);
    return new CaseResult(id, benchmark, workload, displayName, backend, precision, shape, status, message, timing,
        correctness, throughput, telemetry, memory, metrics, audit, worldSize, more, axisOverrides);
  }

  /**
   * Whether the result carries a flag.
   *
   * @param code the flag's code
   * @return true when a flag of that code is set
   */
  public boolean flagged(String code) {
    return flags.stream().anyMatch(f -> f.code().equals(code));
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
