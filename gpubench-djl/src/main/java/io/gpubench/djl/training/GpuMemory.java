package io.gpubench.djl.training;

import ai.djl.Device;
import ai.djl.util.cuda.CudaUtils;
import java.lang.management.MemoryUsage;

/**
 * A GPU's memory through DJL's CUDA utilities ({@code cudaMemGetInfo}): capacity is the total, the peak is the used
 * memory now. That is a peak because PyTorch's caching allocator keeps the blocks a step freed reserved, so after a
 * step the device's used memory is at least the step's high-water mark; it cannot be reset, which is why auto batch
 * size probes in increasing batch order. Memory other processes hold counts too, which errs on the safe side.
 */
final class GpuMemory implements DeviceMemory {

  private final Device device;

  GpuMemory(Device device) {
    if (!CudaUtils.hasCuda()) {
      throw new UnsupportedOperationException("cannot read the memory of " + device + ": DJL finds no CUDA here");
    }
    this.device = device;
  }

  @Override
  public long capacityBytes() {
    return usage().getMax();
  }

  @Override
  public void resetPeak() {
    // Not possible through cudaMemGetInfo; see the class comment.
  }

  @Override
  public long peakBytes() {
    return usage().getCommitted();
  }

  private MemoryUsage usage() {
    return CudaUtils.getGpuMemory(device);
  }
}
