package io.gpubench.api.result;

/**
 * The memory of a case: on the device, from gpubench's own allocator and (where the device can say) from every
 * allocator of the process; on the host, what the calls allocated and the collections they caused.
 *
 * @param peakDeviceBytes the peak device memory gpubench's own allocator held during the case (the CUDA session's
 *     allocations), or null
 * @param allocatedBytes memory held by the framework's tensors at their peak (PyTorch's caching allocator through
 *     DJL), or null where it cannot be read
 * @param reservedBytes memory reserved by the framework's allocator at its peak, or null where it cannot be read
 * @param host the host memory of the calls, or null where not measured (results written before it was)
 * @param device the device memory of the process that ran the case, from every allocator, where the device's
 *     management library reports it (NVML); else null
 */
public record Memory(Long peakDeviceBytes, Long allocatedBytes, Long reservedBytes, HostMemory host,
    DeviceMemory device) {

  /**
   * Device memory only.
   *
   * @param peakDeviceBytes peak of gpubench's allocator
   * @param allocatedBytes framework's allocated peak
   * @param reservedBytes framework's reserved peak
   */
  public Memory(Long peakDeviceBytes, Long allocatedBytes, Long reservedBytes) {
    this(peakDeviceBytes, allocatedBytes, reservedBytes, null, null);
  }

  /**
   * Device memory of gpubench's allocator and the framework's, and the host's figures.
   *
   * @param peakDeviceBytes peak of gpubench's allocator
   * @param allocatedBytes framework's allocated peak
   * @param reservedBytes framework's reserved peak
   * @param host the host figures
   */
  public Memory(Long peakDeviceBytes, Long allocatedBytes, Long reservedBytes, HostMemory host) {
    this(peakDeviceBytes, allocatedBytes, reservedBytes, host, null);
  }

  /**
   * This memory with the host's figures set.
   *
   * @param hostMemory the host figures
   * @return a copy
   */
  public Memory withHost(HostMemory hostMemory) {
    return new Memory(peakDeviceBytes, allocatedBytes, reservedBytes, hostMemory, device);
  }

  /**
   * This memory with the process's device memory set.
   *
   * @param deviceMemory the device figures
   * @return a copy
   */
  public Memory withDevice(DeviceMemory deviceMemory) {
    return new Memory(peakDeviceBytes, allocatedBytes, reservedBytes, host, deviceMemory);
  }
}
