package io.gpubench.djl;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Numbers as operands of DJL ops that cost a GPU no synchronisation: {@code x.div(HostScalars.of(8))} rather than
 * {@code x.div(8)}.
 *
 * <p>Why: DJL 0.36 turns the number of every {@code add(Number)}, {@code mul(Number)}, {@code div(Number)} ... into a
 * one-element array on the other operand's device. On a GPU that array is copied from pageable host memory, and
 * PyTorch's blocking copy waits for the stream to drain, so each such op stops the host until the device has caught up
 * with everything queued before it: a training step of a model with a scaled attention, a group norm's epsilon or a
 * swish ({@code Activation.swish} multiplies by its beta) waits for the GPU dozens of times. A zero-dimensional array
 * on the CPU is what PyTorch takes as a "CPU scalar" in a CUDA op instead: its value is read on the host when the
 * kernel is launched, with no copy and no wait. Being zero-dimensional, it does not widen the result's type (an FP16
 * array times it stays FP16).
 *
 * <p>The arrays are made once per value, in FP64 on the CPU, and kept for the life of the process; use it for the
 * constants of a model, not for values that change every step.
 */
public final class HostScalars {
  private static final Map<Double, NDArray> CACHE = new ConcurrentHashMap<>();
  private static volatile NDManager manager;

  private HostScalars() {}

  /**
   * The number as a zero-dimensional FP64 array on the CPU.
   *
   * @param value the number
   * @return the array, shared: do not close it or write to it
   */
  public static NDArray of(double value) {
    return CACHE.computeIfAbsent(value, v -> manager().create(v.doubleValue()));
  }

  private static NDManager manager() {
    NDManager m = manager;
    if (m == null) {
      synchronized (HostScalars.class) {
        m = manager;
        if (m == null) {
          m = NDManager.newBaseManager(Device.cpu());
          manager = m;
        }
      }
    }
    return m;
  }
}
