package io.gpubench.api.spi;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import java.util.Map;
import java.util.Optional;

/**
 * One device cases can run on. Backends are compared by {@link #id()}; the engine treats each id as an exclusive
 * resource, so two cases never share a device when tests run in parallel.
 */
public interface Backend {

  /**
   * The id, unique in a run: {@code cpu}, {@code cuda:0}; its family is what
   * {@code @GpuBenchmark(backends = ...)} names.
   *
   * @return the id
   */
  BackendId id();

  /**
   * Why this backend cannot run cases here, such as {@code "no CUDA driver: libcuda not found"}.
   *
   * @return the reason, or empty when it is available
   */
  Optional<String> unavailableReason();

  /**
   * The device as the results file records it: name, driver, memory, clocks.
   *
   * @return the description
   */
  DeviceInfo describe();

  /**
   * Why this backend cannot compute in a precision.
   *
   * @param precision the precision
   * @return the reason, or empty when it can
   */
  Optional<String> unsupported(Precision precision);

  /**
   * The device's peak rates for the roofline bound, from a datasheet table or a calibration measurement.
   *
   * @return the peaks, or empty when unknown
   */
  default Optional<DevicePeaks> peaks() {
    return Optional.empty();
  }

  /**
   * Why this device can take no further case in this process, after a case left it unusable (a CUDA kernel that
   * faulted poisons its context until the process ends). The engine then runs the device's next cases in a new
   * worker process.
   *
   * @return the reason, or empty while the device is usable
   */
  default Optional<String> fault() {
    return Optional.empty();
  }

  /**
   * The environment a worker process that runs this device's cases is started with, so that it sees only this
   * device (a CUDA backend sets {@code CUDA_VISIBLE_DEVICES}).
   *
   * @return variables to set; empty to inherit the engine's
   */
  default Map<String, String> workerEnvironment() {
    return Map.of();
  }

  /**
   * This device's id inside a worker started with {@link #workerEnvironment()}: {@code cuda:1} is {@code cuda:0}
   * in a process that sees only it.
   *
   * @return the id there
   */
  default BackendId idInWorker() {
    return id();
  }

  /**
   * Opens the device for one case.
   *
   * @param spec what the case needs
   * @return a session, closed by the engine after the case
   * @throws Exception when the device cannot be opened; the case fails with the cause
   */
  BackendSession open(SessionSpec spec) throws Exception;
}
