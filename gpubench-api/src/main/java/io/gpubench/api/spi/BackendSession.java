package io.gpubench.api.spi;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import java.util.Optional;

/**
 * A backend opened for one case. The engine drives the protocol through it: tensors, checks, synchronisation,
 * timing, cache flushing, telemetry and memory. Closing it releases everything it made.
 */
public interface BackendSession extends AutoCloseable {

  /**
   * Makes tensors on the device.
   *
   * @return the factory
   */
  TensorFactory tensors();

  /**
   * Fills a tensor with NaN, so that an element a call leaves unwritten shows in the check.
   *
   * @param tensor a tensor of this session
   */
  void poison(Tensor tensor);

  /**
   * A digest of a tensor's contents, to tell whether a call changed an input.
   *
   * @param tensor a tensor of this session
   * @return the digest
   */
  long fingerprint(Tensor tensor);

  /**
   * The error of {@code actual} against {@code expected}, computed on the device where the tensors live.
   *
   * @param actual the output
   * @param expected the reference, of the same number of elements
   * @param range the declared peak-to-peak range of the signal, for the PSNR
   * @return the figures
   * @throws IllegalArgumentException naming both tensors when their sizes differ
   */
  ErrorStats compare(Tensor actual, Tensor expected, double range);

  /**
   * Turns what a measured method returned into a tensor of this session, copying where it must.
   *
   * @param name the name to give it
   * @param returned the returned object
   * @return the tensor, or empty when this backend does not know the type
   */
  Optional<Tensor> adopt(String name, Object returned);

  /** Blocks until the device has finished all work issued so far. */
  void synchronize();

  /**
   * The clock that times trials on this device.
   *
   * @return the clock
   */
  TrialClock clock();

  /**
   * The clock for the trials of this case in a device timing mode: called once per case, before the trials. A
   * device clock keeps its mode for all the trials of the case ({@link DeviceTiming#AUTO} decides at the first).
   * Backends without device timing modes, such as the CPU, return {@link #clock()}.
   *
   * @param requested the mode the case asks for: {@code @Trials(deviceTiming)}, or {@code gpubench.cuda.timing}
   * @return the clock
   */
  default TrialClock clock(DeviceTiming requested) {
    return clock();
  }

  /** Flushes the device's last-level cache; called before a trial in cold mode, outside the timed region. */
  void flushCache();

  /**
   * Starts recording telemetry in the background.
   *
   * @return the recorder, stopped by the engine after the trials; {@link TelemetryRecorder#NONE} where the
   *     device has none
   */
  TelemetryRecorder startTelemetry();

  /** Starts counting peak device memory from the current use. */
  void resetPeakMemory();

  /**
   * The peak device memory in bytes since {@link #resetPeakMemory()}.
   *
   * @return the peak, or empty where the device cannot tell
   */
  Optional<Long> peakMemoryBytes();

  /**
   * A backend-specific object, such as the case's CUDA stream.
   *
   * @param type the type wanted
   * @param <T> the type
   * @return the object, when the backend has one of that type
   */
  <T> Optional<T> unwrap(Class<T> type);

  /**
   * Stops the session's work with the other ranks of its world at once (on CUDA, {@code ncclCommAbort} of its
   * communicator), so that a wait for a peer that failed ends now. Called from another thread than the one running
   * the case's step, after another rank failed; the step then fails. Never throws. Nothing to do outside a world.
   */
  default void abort() {}

  /** Releases the tensors and device resources of the session. */
  @Override
  void close();
}
