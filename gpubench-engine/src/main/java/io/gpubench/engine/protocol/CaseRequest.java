package io.gpubench.engine.protocol;

import io.gpubench.api.AxisValue;
import io.gpubench.api.BackendId;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.WorldRank;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the runner needs to set up one case. The runner reads the class's declaration itself (it has the same class
 * path); the engine sends what the run decided: shape, precision, backend, seed, and of the trial policy the two
 * parts that change how the runner times (cache and device timing). The rest of the policy (trials, budget,
 * stopping) is the engine's: each trials step says how many to time.
 *
 * @param caseId the case's stable id, for messages and device resources
 * @param benchmarkClass the benchmark class's binary name
 * @param workload the workload's name
 * @param shape the shape's axes in declaration order, of every kind
 * @param precision the precision
 * @param backend the backend as the runner sees it (a worker given only {@code cuda:1} sees it as {@code cuda:0})
 * @param seed the input seed
 * @param range the declared signal range, for the PSNR of the comparisons the runner makes
 * @param cache hot or cold caches
 * @param deviceTiming how a device with its own timer times the trials
 * @param telemetryIntervalMillis the telemetry sampling interval
 * @param world the runner's rank in the case's world, or null for a case of one device
 */
public record CaseRequest(String caseId, String benchmarkClass, String workload, Map<String, AxisValue> shape,
    Precision precision, BackendId backend, long seed, double range, CacheMode cache, DeviceTiming deviceTiming,
    int telemetryIntervalMillis, WorldRank world) {

  /**
   * A request for a case of one device.
   *
   * @param caseId id
   * @param benchmarkClass class
   * @param workload workload
   * @param shape shape
   * @param precision precision
   * @param backend backend
   * @param seed seed
   * @param range range
   * @param cache cache mode
   * @param deviceTiming device timing
   * @param telemetryIntervalMillis telemetry interval
   */
  public CaseRequest(String caseId, String benchmarkClass, String workload, Map<String, AxisValue> shape,
      Precision precision, BackendId backend, long seed, double range, CacheMode cache, DeviceTiming deviceTiming,
      int telemetryIntervalMillis) {
    this(caseId, benchmarkClass, workload, shape, precision, backend, seed, range, cache, deviceTiming,
        telemetryIntervalMillis, null);
  }

  /**
   * This request as one rank of a world gets it.
   *
   * @param rankBackend the rank's device as its worker sees it
   * @param rank the rank's place in the world
   * @return the rank's request
   */
  public CaseRequest forRank(BackendId rankBackend, WorldRank rank) {
    return new CaseRequest(caseId, benchmarkClass, workload, shape, precision, rankBackend, seed, range, cache,
        deviceTiming, telemetryIntervalMillis, rank);
  }

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
   * @param cache cache mode
   * @param deviceTiming device timing
   * @param telemetryIntervalMillis telemetry interval
   * @param world the rank, or null
   */
  public CaseRequest {
    shape = new LinkedHashMap<>(shape);
  }
}
