package io.gpubench.cuda;

import io.gpubench.cuda.internal.jna.ErrorStrings;

/**
 * Turns the return code of a CUDA, NVML, NVRTC, cuBLASLt, NCCL or CUPTI call into a {@link CudaException} that names
 * the call, the library's name and string for the code, and what was being done. Benchmark code that makes its own
 * driver calls (through JNA or Panama) may check them the same way:
 *
 * <pre>{@code
 * CudaErrors.check(rc, "cuMemsetD32Async", "clearing the histogram");
 * }</pre>
 *
 * <p>The exception lives here, one floor above the bindings, so that the bindings import nothing of this package.
 */
public final class CudaErrors {
  private CudaErrors() {}

  /**
   * Checks a CUDA driver result.
   *
   * @param code the CUresult
   * @param call the call's name
   * @throws CudaException naming the call and the driver's error string unless {@code code} is 0
   */
  public static void check(int code, String call) {
    if (code != 0) {
      throw cudaError(code, call, null);
    }
  }

  /**
   * Checks a CUDA driver result, with what was being done.
   *
   * @param code the CUresult
   * @param call the call's name
   * @param detail what was being done
   * @throws CudaException unless {@code code} is 0
   */
  public static void check(int code, String call, String detail) {
    if (code != 0) {
      throw cudaError(code, call, detail);
    }
  }

  /**
   * The exception for a CUDA driver result: the driver's own name and string for the code where it can say, else
   * the name from gpubench's table.
   *
   * @param code the CUresult
   * @param call the call
   * @param detail what was being done, or null
   * @return the exception
   */
  public static CudaException cudaError(int code, String call, String detail) {
    return of(CudaException.Api.DRIVER, call, code, ErrorStrings.cuda(code), detail);
  }

  /**
   * Checks an NVML result.
   *
   * @param code the nvmlReturn_t
   * @param call the call
   * @throws CudaException unless {@code code} is 0
   */
  public static void checkNvml(int code, String call) {
    if (code != 0) {
      throw nvmlError(code, call);
    }
  }

  /**
   * The exception for an NVML result, with {@code nvmlErrorString}.
   *
   * @param code the nvmlReturn_t
   * @param call the call
   * @return the exception
   */
  public static CudaException nvmlError(int code, String call) {
    return of(CudaException.Api.NVML, call, code, ErrorStrings.nvml(code), null);
  }

  /**
   * Checks an NVRTC result.
   *
   * @param code the nvrtcResult
   * @param call the call
   * @param detail what was being done (the compile log for a failed compilation), or null
   * @throws CudaException unless {@code code} is 0
   */
  public static void checkNvrtc(int code, String call, String detail) {
    if (code != 0) {
      throw of(CudaException.Api.NVRTC, call, code, ErrorStrings.nvrtc(code), detail);
    }
  }

  /**
   * Checks a cuBLASLt status.
   *
   * @param code the cublasStatus_t
   * @param call the call
   * @param detail what was being done, or null
   * @throws CudaException unless {@code code} is 0
   */
  public static void checkLt(int code, String call, String detail) {
    if (code != 0) {
      throw of(CudaException.Api.CUBLASLT, call, code, ErrorStrings.cublasLt(code), detail);
    }
  }

  /**
   * The exception for an NCCL result, with {@code ncclGetErrorString} (NCCL has no function for a code's name: it
   * comes from the header's enum).
   *
   * @param code the ncclResult_t
   * @param call the call
   * @param detail what was being done (the communicator, its last error and async error), or null
   * @return the exception
   */
  public static CudaException ncclError(int code, String call, String detail) {
    return of(CudaException.Api.NCCL, call, code, ErrorStrings.nccl(code), detail);
  }

  /**
   * Checks a CUPTI result.
   *
   * @param code the CUptiResult
   * @param call the call
   * @param detail what was being done, or null
   * @throws CudaException naming the call and CUPTI's string for the code, unless {@code code} is 0
   */
  public static void checkCupti(int code, String call, String detail) {
    if (code != 0) {
      throw cuptiError(code, call, detail);
    }
  }

  /**
   * The exception for a CUPTI result, with {@code cuptiGetResultString}.
   *
   * @param code the CUptiResult
   * @param call the call
   * @param detail what was being done, or null
   * @return the exception
   */
  public static CudaException cuptiError(int code, String call, String detail) {
    return of(CudaException.Api.CUPTI, call, code, ErrorStrings.cupti(code), detail);
  }

  private static CudaException of(CudaException.Api api, String call, int code, ErrorStrings.Text t, String detail) {
    return new CudaException(api, call, code, t.name(), t.text(), detail);
  }
}
