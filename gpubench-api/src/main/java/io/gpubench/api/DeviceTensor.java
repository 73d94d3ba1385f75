package io.gpubench.api;

/**
 * A tensor in a GPU's memory, by address. Libraries that share the device read and write it without a trip through
 * the host: DJL's PyTorch engine copies a case's seeded inputs into its own arrays this way, and hands the engine the
 * arrays a call returned as device tensors, so that they are checked where they live.
 *
 * <p>gpubench-cuda's tensors are device tensors. The address is in the device's primary context, the one CUDA's
 * runtime API (and so PyTorch) uses; its owner keeps the memory valid while the engine holds the tensor. A backend
 * reading a device tensor it did not make waits for the device first, so the owner need not have finished writing.
 *
 * <pre>{@code
 * Tensor a = ctx.random("a", m, k);                  // a gpubench-cuda tensor on a CUDA case
 * if (a instanceof DeviceTensor d) {
 *   long address = d.address();                      // CUdeviceptr / the pointer cudaMalloc returned
 * }
 * }</pre>
 */
public interface DeviceTensor extends Tensor {

  /**
   * The address of the first element in the device's (unified) address space; elements follow row-major, densely.
   *
   * @return the address
   */
  long address();

  /**
   * The size in bytes.
   *
   * @return elements times the storage size of the precision
   */
  default long bytes() {
    return size() * precision().bytes();
  }
}
