package io.gpubench.cuda.internal.jna;

import java.util.Map;

/**
 * Names of the return codes of the CUDA driver, NVML, NVRTC, cuBLAS and NCCL, for messages where the library itself
 * cannot be asked (it is absent, or its error-string function failed). The libraries' own strings are preferred.
 */
public final class ErrorCodes {
  private ErrorCodes() {}

  static final Map<Integer, String> CUDA = Map.ofEntries(
      Map.entry(0, "CUDA_SUCCESS"),
      Map.entry(1, "CUDA_ERROR_INVALID_VALUE"),
      Map.entry(2, "CUDA_ERROR_OUT_OF_MEMORY"),
      Map.entry(3, "CUDA_ERROR_NOT_INITIALIZED"),
      Map.entry(4, "CUDA_ERROR_DEINITIALIZED"),
      Map.entry(34, "CUDA_ERROR_STUB_LIBRARY"),
      Map.entry(46, "CUDA_ERROR_DEVICE_UNAVAILABLE"),
      Map.entry(100, "CUDA_ERROR_NO_DEVICE"),
      Map.entry(101, "CUDA_ERROR_INVALID_DEVICE"),
      Map.entry(200, "CUDA_ERROR_INVALID_IMAGE"),
      Map.entry(201, "CUDA_ERROR_INVALID_CONTEXT"),
      Map.entry(209, "CUDA_ERROR_NO_BINARY_FOR_GPU"),
      Map.entry(218, "CUDA_ERROR_INVALID_PTX"),
      Map.entry(222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"),
      Map.entry(300, "CUDA_ERROR_INVALID_SOURCE"),
      Map.entry(301, "CUDA_ERROR_FILE_NOT_FOUND"),
      Map.entry(400, "CUDA_ERROR_INVALID_HANDLE"),
      Map.entry(401, "CUDA_ERROR_ILLEGAL_STATE"),
      Map.entry(500, "CUDA_ERROR_NOT_FOUND"),
      Map.entry(600, "CUDA_ERROR_NOT_READY"),
      Map.entry(700, "CUDA_ERROR_ILLEGAL_ADDRESS"),
      Map.entry(701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"),
      Map.entry(702, "CUDA_ERROR_LAUNCH_TIMEOUT"),
      Map.entry(719, "CUDA_ERROR_LAUNCH_FAILED"),
      Map.entry(800, "CUDA_ERROR_NOT_PERMITTED"),
      Map.entry(801, "CUDA_ERROR_NOT_SUPPORTED"),
      Map.entry(803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"),
      Map.entry(804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"),
      Map.entry(900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
      Map.entry(901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"),
      Map.entry(902, "CUDA_ERROR_STREAM_CAPTURE_MERGE"),
      Map.entry(903, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED"),
      Map.entry(904, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED"),
      Map.entry(905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION"),
      Map.entry(906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"),
      Map.entry(907, "CUDA_ERROR_CAPTURED_EVENT"),
      Map.entry(908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD"),
      Map.entry(999, "CUDA_ERROR_UNKNOWN"));

  static final Map<Integer, String> NVML = Map.ofEntries(
      Map.entry(0, "NVML_SUCCESS"),
      Map.entry(1, "NVML_ERROR_UNINITIALIZED"),
      Map.entry(2, "NVML_ERROR_INVALID_ARGUMENT"),
      Map.entry(3, "NVML_ERROR_NOT_SUPPORTED"),
      Map.entry(4, "NVML_ERROR_NO_PERMISSION"),
      Map.entry(6, "NVML_ERROR_NOT_FOUND"),
      Map.entry(7, "NVML_ERROR_INSUFFICIENT_SIZE"),
      Map.entry(9, "NVML_ERROR_DRIVER_NOT_LOADED"),
      Map.entry(10, "NVML_ERROR_TIMEOUT"),
      Map.entry(12, "NVML_ERROR_LIBRARY_NOT_FOUND"),
      Map.entry(13, "NVML_ERROR_FUNCTION_NOT_FOUND"),
      Map.entry(15, "NVML_ERROR_GPU_IS_LOST"),
      Map.entry(18, "NVML_ERROR_LIB_RM_VERSION_MISMATCH"),
      Map.entry(21, "NVML_ERROR_NO_DATA"),
      Map.entry(999, "NVML_ERROR_UNKNOWN"));

  static final Map<Integer, String> NVRTC = Map.ofEntries(
      Map.entry(0, "NVRTC_SUCCESS"),
      Map.entry(1, "NVRTC_ERROR_OUT_OF_MEMORY"),
      Map.entry(2, "NVRTC_ERROR_PROGRAM_CREATION_FAILURE"),
      Map.entry(3, "NVRTC_ERROR_INVALID_INPUT"),
      Map.entry(4, "NVRTC_ERROR_INVALID_PROGRAM"),
      Map.entry(5, "NVRTC_ERROR_INVALID_OPTION"),
      Map.entry(6, "NVRTC_ERROR_COMPILATION"),
      Map.entry(7, "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE"),
      Map.entry(11, "NVRTC_ERROR_INTERNAL_ERROR"));

  static final Map<Integer, String> CUBLAS = Map.ofEntries(
      Map.entry(0, "CUBLAS_STATUS_SUCCESS"),
      Map.entry(1, "CUBLAS_STATUS_NOT_INITIALIZED"),
      Map.entry(3, "CUBLAS_STATUS_ALLOC_FAILED"),
      Map.entry(7, "CUBLAS_STATUS_INVALID_VALUE"),
      Map.entry(8, "CUBLAS_STATUS_ARCH_MISMATCH"),
      Map.entry(11, "CUBLAS_STATUS_MAPPING_ERROR"),
      Map.entry(13, "CUBLAS_STATUS_EXECUTION_FAILED"),
      Map.entry(14, "CUBLAS_STATUS_INTERNAL_ERROR"),
      Map.entry(15, "CUBLAS_STATUS_NOT_SUPPORTED"),
      Map.entry(16, "CUBLAS_STATUS_LICENSE_ERROR"));

  /** {@code ncclResult_t} of {@code src/nccl.h.in} (NCCL 2.28); NCCL itself has no name function. */
  static final Map<Integer, String> NCCL = Map.ofEntries(
      Map.entry(0, "ncclSuccess"),
      Map.entry(1, "ncclUnhandledCudaError"),
      Map.entry(2, "ncclSystemError"),
      Map.entry(3, "ncclInternalError"),
      Map.entry(4, "ncclInvalidArgument"),
      Map.entry(5, "ncclInvalidUsage"),
      Map.entry(6, "ncclRemoteError"),
      Map.entry(7, "ncclInProgress"));

  /** {@code CUptiResult} of {@code cupti_result.h} (CUDA 13). */
  static final Map<Integer, String> CUPTI = Map.ofEntries(
      Map.entry(0, "CUPTI_SUCCESS"),
      Map.entry(1, "CUPTI_ERROR_INVALID_PARAMETER"),
      Map.entry(2, "CUPTI_ERROR_INVALID_DEVICE"),
      Map.entry(3, "CUPTI_ERROR_INVALID_CONTEXT"),
      Map.entry(7, "CUPTI_ERROR_INVALID_OPERATION"),
      Map.entry(8, "CUPTI_ERROR_OUT_OF_MEMORY"),
      Map.entry(11, "CUPTI_ERROR_API_NOT_IMPLEMENTED"),
      Map.entry(12, "CUPTI_ERROR_MAX_LIMIT_REACHED"),
      Map.entry(15, "CUPTI_ERROR_NOT_INITIALIZED"),
      Map.entry(21, "CUPTI_ERROR_INVALID_KIND"),
      Map.entry(23, "CUPTI_ERROR_DISABLED"),
      Map.entry(27, "CUPTI_ERROR_NOT_SUPPORTED"),
      Map.entry(33, "CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED"),
      Map.entry(35, "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"),
      Map.entry(39, "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED"),
      Map.entry(40, "CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES"),
      Map.entry(41, "CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED"),
      Map.entry(43, "CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED"),
      Map.entry(999, "CUPTI_ERROR_UNKNOWN"));

  /**
   * The name of a CUDA driver return code.
   *
   * @param code the code
   * @return its name, or {@code CUDA_ERROR_<code>} for a code not in the table
   */
  public static String cuda(int code) {
    return CUDA.getOrDefault(code, "CUDA_ERROR_" + code);
  }

  /**
   * The name of an NVML return code.
   *
   * @param code the code
   * @return its name
   */
  public static String nvml(int code) {
    return NVML.getOrDefault(code, "NVML_ERROR_" + code);
  }

  /**
   * The name of an NVRTC return code.
   *
   * @param code the code
   * @return its name
   */
  public static String nvrtc(int code) {
    return NVRTC.getOrDefault(code, "NVRTC_ERROR_" + code);
  }

  /**
   * The name of a CUPTI result.
   *
   * @param code the CUptiResult
   * @return its name
   */
  public static String cupti(int code) {
    return CUPTI.getOrDefault(code, "CUPTI_ERROR_" + code);
  }

  /**
   * The name of a cuBLAS status.
   *
   * @param code the status
   * @return its name
   */
  public static String cublas(int code) {
    return CUBLAS.getOrDefault(code, "CUBLAS_STATUS_" + code);
  }

  /**
   * The name of an NCCL result.
   *
   * @param code the ncclResult_t
   * @return its name, or {@code ncclResult_<code>} for a code not in the header
   */
  public static String nccl(int code) {
    return NCCL.getOrDefault(code, "ncclResult_" + code);
  }
}
