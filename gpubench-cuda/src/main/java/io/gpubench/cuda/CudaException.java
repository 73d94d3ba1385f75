package io.gpubench.cuda;

/**
 * A CUDA, NVML, NVRTC, cuBLASLt or NCCL call that returned an error. The message names the call, the library's name for
 * the code and its error string, such as {@code cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory
 * (allocating 'c', 268435456 bytes)}.
 */
public final class CudaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The library a failed call belongs to. */
  public enum Api {
    /** The CUDA driver API (libcuda). */
    DRIVER,
    /** The NVIDIA Management Library (libnvidia-ml). */
    NVML,
    /** The run-time compiler (libnvrtc). */
    NVRTC,
    /** cuBLASLt (libcublasLt). */
    CUBLASLT,
    /** NCCL (libnccl). */
    NCCL,
    /** The profiling tools interface (libcupti). */
    CUPTI
  }

  private final Api api;
  private final String call;
  private final int code;
  private final String errorName;

  /**
   * Makes the exception.
   *
   * @param api the library
   * @param call the function that failed
   * @param code its return code
   * @param errorName the library's name for the code, such as {@code CUDA_ERROR_OUT_OF_MEMORY}
   * @param errorString the library's description of the code
   * @param detail what was being done, or null
   */
  public CudaException(Api api, String call, int code, String errorName, String errorString, String detail) {
    super(format(call, code, errorName, errorString, detail));
    this.api = api;
    this.call = call;
    this.code = code;
    this.errorName = errorName;
  }

  static String format(String call, int code, String errorName, String errorString, String detail) {
    StringBuilder s = new StringBuilder(call).append(" failed: ").append(errorName).append(" (").append(code).append(')');
    if (errorString != null && !errorString.isBlank() && !errorString.equals(errorName)) {
      s.append(": ").append(errorString);
    }
    if (detail != null && !detail.isBlank()) {
      s.append(" (").append(detail).append(')');
    }
    return s.toString();
  }

  /**
   * The library of the failed call.
   *
   * @return the library
   */
  public Api api() {
    return api;
  }

  /**
   * The function that failed, such as {@code cuMemAlloc_v2}.
   *
   * @return the call
   */
  public String call() {
    return call;
  }

  /**
   * The return code.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  /**
   * The library's name for the code.
   *
   * @return the name, such as {@code CUBLAS_STATUS_NOT_SUPPORTED}
   */
  public String errorName() {
    return errorName;
  }
}
