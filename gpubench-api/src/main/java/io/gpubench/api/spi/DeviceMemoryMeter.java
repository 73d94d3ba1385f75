package io.gpubench.api.spi;

import io.gpubench.api.result.DeviceMemory;
import java.util.Optional;

/**
 * The device memory of the process running a case, whatever allocated it, as the device's management library
 * counts it (NVML's per-process figure on CUDA). A backend session offers one through
 * {@link BackendSession#unwrap(Class)}; the engine starts it right after opening the session (before the case's
 * set-up, so that its first reading is what the process held before), and stops it after the trials.
 */
public interface DeviceMemoryMeter {

  /**
   * Starts sampling the process's device memory on a thread of the meter's own.
   *
   * @param intervalMillis the sampling interval
   * @return the running watch
   */
  Watch start(int intervalMillis);

  /** A running watch of the process's device memory. */
  interface Watch {

    /**
     * The figures so far, the watch still running: for the message of a case that ran out of device memory.
     *
     * @return the figures
     */
    DeviceMemory now();

    /**
     * Stops sampling, after one last reading.
     *
     * @return the figures
     */
    DeviceMemory stop();

    /**
     * Whether a failure is the device running out of memory ({@code CUDA_ERROR_OUT_OF_MEMORY}, a framework's
     * "CUDA out of memory"), anywhere in its cause chain.
     *
     * @param failure the failure
     * @return the line to add to the case's message, with the device's total, in-use and the case's peak so far;
     *     empty for another failure
     */
    Optional<String> outOfMemory(Throwable failure);
  }
}
