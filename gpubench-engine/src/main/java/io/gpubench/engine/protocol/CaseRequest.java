package io.gpubench.engine.protocol;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.engine.declaration.TrialPolicy;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the runner needs to set up one case. The runner reads the class's declaration itself (it has the same class
 * path); the engine sends what the run decided: shape, precision, backend, seed and the trial policy with the
 * run's overrides.
 *
 * @param caseId the case's stable id, for messages and device resources
 * @param benchmarkClass the benchmark class's binary name
 * @param workload the workload's name
 * @param shape the shape's axes in declaration order
 * @param precision the precision
 * @param backend the backend as the runner sees it (a worker given only {@code cuda:1} sees it as {@code cuda:0})
 * @param seed the input seed
 * @param range the declared signal range, for the PSNR of the comparisons the runner makes
 * @param trials the trial policy in force
 * @param telemetryIntervalMillis the telemetry sampling interval
 */
public record CaseRequest(String caseId, String benchmarkClass, String workload, Map<String, Long> shape,
    Precision precision, BackendId backend, long seed, double range, TrialPolicy trials, int telemetryIntervalMillis) {

  /**
   * Copies the shape, keeping its order.
   *
   * @param caseId id
   * @param benchmarkClass class
   * @param workload workload
   * @param shape shape
   * @param precision precision
   * @param backend backend
   * @param seed seed
   * @param range range
   * @param trials trial policy
   * @param telemetryIntervalMillis telemetry interval
   */
  public CaseRequest {
    shape = new LinkedHashMap<>(shape);
  }
}
