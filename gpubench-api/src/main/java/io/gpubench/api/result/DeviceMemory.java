package io.gpubench.api.result;

/**
 * The device memory of the process that ran a case, whatever allocated it (gpubench, cuBLAS workspaces, NCCL buffers,
 * a framework's caching allocator, the CUDA context itself), as the device's management library counts it, sampled
 * with the telemetry during the case.
 *
 * @param processBeforeBytes the process's device memory before the case's set-up (the CUDA context and what earlier
 *     cases left), or null where unknown
 * @param processPeakBytes the process's largest device memory seen from set-up to the end of the trials, or null
 * @param deviceUsedPeakBytes the device's memory in use at that peak, by every process (another tenant shows as the
 *     difference), or null
 * @param deviceTotalBytes the device's memory, or null
 * @param samples how many readings the peak is the largest of
 * @param source where the figures came from, such as {@code NVML nvmlDeviceGetComputeRunningProcesses (usedGpuMemory
 *     of this process), sampled every 20 ms}
 */
public record DeviceMemory(Long processBeforeBytes, Long processPeakBytes, Long deviceUsedPeakBytes,
    Long deviceTotalBytes, int samples, String source) {

  /**
   * The case's own share: the peak less the memory before its set-up.
   *
   * @return bytes, or null where either is unknown
   */
  public Long deltaBytes() {
    return processBeforeBytes == null || processPeakBytes == null ? null : processPeakBytes - processBeforeBytes;
  }
}
