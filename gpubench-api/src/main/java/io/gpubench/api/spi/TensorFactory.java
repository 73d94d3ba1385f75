package io.gpubench.api.spi;

import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;

/** Makes tensors on a backend's device; the session that owns the factory releases them. */
public interface TensorFactory {

  /**
   * A tensor from host values.
   *
   * @param name its name
   * @param values row-major values, already rounded to the precision the caller wants
   * @param storage the storage precision
   * @param dims its dimensions
   * @return the tensor
   */
  Tensor fromHost(String name, float[] values, Precision storage, long... dims);

  /**
   * An uninitialised tensor, for outputs.
   *
   * @param name its name
   * @param storage the storage precision
   * @param dims its dimensions
   * @return the tensor
   */
  Tensor allocate(String name, Precision storage, long... dims);

  /**
   * A copy of a tensor on the same device, in the same storage precision: the engine keeps the checked call's
   * output this way to compare later calls with it.
   *
   * @param name the copy's name
   * @param source a tensor of this factory's session
   * @return the copy
   */
  Tensor copy(String name, Tensor source);

  /**
   * The values of a tensor, copied to the host as floats; for small tensors and diagnostics only.
   *
   * @param tensor a tensor of this factory's session
   * @return the values
   */
  float[] toHost(Tensor tensor);
}
