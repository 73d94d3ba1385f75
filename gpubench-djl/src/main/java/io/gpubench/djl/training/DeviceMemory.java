package io.gpubench.djl.training;

import ai.djl.Device;

/** The memory of the device a model trains on, as auto batch size reads it. */
public interface DeviceMemory {

  /**
   * How much memory the device has.
   *
   * @return bytes
   */
  long capacityBytes();

  /** Starts a new peak measurement, where the device allows it. */
  void resetPeak();

  /**
   * The most memory in use since {@link #resetPeak()}.
   *
   * @return bytes
   */
  long peakBytes();

  /**
   * The memory of a DJL device: the process's resident memory for the CPU, the GPU's used memory for a GPU.
   *
   * @param device the device
   * @return its memory
   * @throws UnsupportedOperationException with the reason, where it cannot be read
   */
  static DeviceMemory of(Device device) {
    return device.isGpu() ? new GpuMemory(device) : ProcessMemory.linux();
  }
}
