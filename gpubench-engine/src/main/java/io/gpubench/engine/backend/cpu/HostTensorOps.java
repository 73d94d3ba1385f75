package io.gpubench.engine.backend.cpu;

import io.gpubench.api.HostTensor;
import java.util.Arrays;

/**
 * The protocol's tensor operations on host tensors, shared by the CPU backend and by the engine for outputs that
 * live on the host whatever the backend (DJL arrays copied back, returned arrays).
 */
public final class HostTensorOps {

  private HostTensorOps() {}

  /**
   * Fills a tensor with NaN.
   *
   * @param t the tensor
   */
  public static void poison(HostTensor t) {
    if (t.isDouble()) {
      Arrays.fill(t.doubles(), Double.NaN);
    } else {
      Arrays.fill(t.floats(), Float.NaN);
    }
  }

  /**
   * A 64-bit FNV-1a digest of the values' bits.
   *
   * @param t the tensor
   * @return the digest
   */
  public static long fingerprint(HostTensor t) {
    long h = 0xcbf29ce484222325L;
    for (long i = 0; i < t.size(); i++) {
      h = (h ^ Double.doubleToRawLongBits(t.get(i))) * 0x100000001b3L;
    }
    return h;
  }

  /**
   * A deep copy.
   *
   * @param name the copy's name
   * @param t the tensor
   * @return the copy
   */
  public static HostTensor copy(String name, HostTensor t) {
    return t.isDouble()
        ? HostTensor.ofDoubles(name, t.doubles().clone(), t.dims())
        : HostTensor.ofFloats(name, t.precision(), t.floats().clone(), t.dims());
  }
}
