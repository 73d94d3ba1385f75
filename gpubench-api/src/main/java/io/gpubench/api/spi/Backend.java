package io.gpubench.api.spi;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import java.util.List;
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

  // ---- worlds: several ranks, one per device, one worker process each (see io.gpubench.api.Worlds) ----

  /**
   * Whether every rank of a world may run on this one device, as processes of the CPU do; false for devices of
   * which each rank needs its own (a GPU), so that a world of n ranks needs n of them.
   *
   * @return true when ranks share the device
   */
  default boolean ranksShareDevice() {
    return false;
  }

  /**
   * Why this backend cannot run a world of this many ranks, such as {@code "no NCCL: ..."}; asked of rank 0's
   * device when the case is planned.
   *
   * @param size the world size
   * @return the reason, or empty when it can
   */
  default Optional<String> worldUnsupported(int size) {
    return Optional.of(id().family() + " backends have no communicator for multi-rank worlds");
  }

  /**
   * Makes the id of a new world; called in the process of its rank 0, on rank 0's device, before any rank opens
   * its session. The engine hands it to every rank ({@link WorldRank#worldId()}). NCCL's id starts the world's
   * bootstrap in the process that makes it, hence rank 0's.
   *
   * @return the id, as text
   * @throws Exception when no world can be made here
   */
  default String newWorldId() throws Exception {
    return java.util.UUID.randomUUID().toString();
  }

  /**
   * The environment of a worker process that runs one rank of a world over these devices, so that every rank sees
   * the world's devices in the same order (a CUDA backend sets {@code CUDA_VISIBLE_DEVICES} to the world's GPUs).
   * Asked of rank 0's device.
   *
   * @param world the devices, in rank order
   * @return variables to set; by default this device's {@link #workerEnvironment()}
   */
  default Map<String, String> worldEnvironment(List<Backend> world) {
    return workerEnvironment();
  }

  /**
   * This device's id inside a worker started with {@link #worldEnvironment}, where it is rank {@code rank}'s:
   * {@code cuda:r} for rank r of a CUDA world.
   *
   * @param rank the rank
   * @return the id there
   */
  default BackendId idInWorld(int rank) {
    return idInWorker();
  }

  /**
   * The peak rates of a world over these devices, for its roofline: the devices' compute and memory rates summed
   * (a world's FLOPs are spread over its devices), and the bandwidth of the slowest link between consecutive ranks
   * ({@link DevicePeaks#linkBytesPerSecond()}), which bounds a collective's bus bandwidth. Asked of rank 0's device.
   *
   * @param world the devices, in rank order
   * @return the peaks, or empty when unknown
   */
  default Optional<DevicePeaks> worldPeaks(List<Backend> world) {
    return Optional.empty();
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
