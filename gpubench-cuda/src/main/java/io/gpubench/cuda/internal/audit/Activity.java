package io.gpubench.cuda.internal.audit;

/**
 * What CUPTI's activity records say, copied out of its buffers: kernels and copies with their GPU times, and the
 * launch calls with the host thread and times of the call. Times are CUPTI's, in nanoseconds.
 */
sealed interface Activity permits Activity.Kernel, Activity.Copy, Activity.Api {

  /**
   * A kernel execution ({@code CUpti_ActivityKernel10}).
   *
   * @param name the kernel's name
   * @param start GPU start
   * @param end GPU end
   * @param deviceId the device
   * @param contextId the context
   * @param streamId the stream
   * @param correlationId the launch call's correlation id
   * @param graphId the CUDA graph it ran in, or 0
   */
  record Kernel(String name, long start, long end, int deviceId, int contextId, int streamId, int correlationId,
      int graphId) implements Activity {}

  /**
   * A memory copy or set ({@code CUpti_ActivityMemcpy6}, {@code CUpti_ActivityMemcpyPtoP4},
   * {@code CUpti_ActivityMemset4}).
   *
   * @param kind {@code memcpy HtoD}, {@code memcpy PtoP}, {@code memset} and the like
   * @param bytes bytes copied or set
   * @param start GPU start
   * @param end GPU end
   * @param deviceId the device
   * @param contextId the context
   * @param streamId the stream
   * @param correlationId the call's correlation id
   */
  record Copy(String kind, long bytes, long start, long end, int deviceId, int contextId, int streamId,
      int correlationId) implements Activity {}

  /**
   * A launch call ({@code CUpti_ActivityAPI}): a driver or runtime API function, or a launch the driver made
   * outside any API function.
   *
   * @param domain which API
   * @param cbid the function's callback id, 0 for an internal launch
   * @param start host time at entry
   * @param end host time at exit
   * @param threadId the calling thread's kernel thread id
   * @param correlationId the call's correlation id
   */
  record Api(Domain domain, int cbid, long start, long end, int threadId, int correlationId) implements Activity {}

  /** The API of a launch call. */
  enum Domain {
    /** The driver API ({@code cuLaunchKernel} and the like). */
    DRIVER,
    /** The runtime API ({@code cudaLaunchKernel} and the like). */
    RUNTIME,
    /** A launch inside the driver, outside any API function ({@code CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API}). */
    INTERNAL
  }
}
