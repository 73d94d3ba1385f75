package io.gpubench.cuda.internal.jna;

import com.sun.jna.ptr.PointerByReference;

/**
 * What a library says about one of its return codes: its own name and string for the code where it is loaded and
 * can say, else the name from {@link ErrorCodes} and no string. Never throws and never fails for an absent library,
 * so that a message can always be written.
 */
public final class ErrorStrings {
  private ErrorStrings() {}

  /**
   * A return code's name and description.
   *
   * @param name the library's name for the code, such as {@code CUDA_ERROR_OUT_OF_MEMORY}
   * @param text the library's description of it, or null where it gave none
   */
  public record Text(String name, String text) {}

  /**
   * A CUDA driver result, with {@code cuGetErrorName} and {@code cuGetErrorString}.
   *
   * @param code the CUresult
   * @return its name and string
   */
  public static Text cuda(int code) {
    String name = ErrorCodes.cuda(code);
    String text = null;
    CudaDriver api = CudaLibs.Driver.LOADED.api;
    if (api != null) {
      try {
        PointerByReference p = new PointerByReference();
        if (api.cuGetErrorName(code, p) == 0 && p.getValue() != null) {
          name = p.getValue().getString(0);
        }
        p = new PointerByReference();
        if (api.cuGetErrorString(code, p) == 0 && p.getValue() != null) {
          text = p.getValue().getString(0);
        }
      } catch (UnsatisfiedLinkError ignored) {
        // the table's name stands
      }
    }
    return new Text(name, text);
  }

  /**
   * An NVML result, with {@code nvmlErrorString}.
   *
   * @param code the nvmlReturn_t
   * @return its name and string
   */
  public static Text nvml(int code) {
    String text = null;
    Nvml api = CudaLibs.NvmlHolder.LOADED.api;
    if (api != null) {
      try {
        text = api.nvmlErrorString(code);
      } catch (UnsatisfiedLinkError ignored) {
        // no string
      }
    }
    return new Text(ErrorCodes.nvml(code), text);
  }

  /**
   * An NVRTC result, with {@code nvrtcGetErrorString}.
   *
   * @param code the nvrtcResult
   * @return its name and string
   */
  public static Text nvrtc(int code) {
    String text = null;
    Nvrtc api = CudaLibs.NvrtcHolder.LOADED.api;
    if (api != null) {
      try {
        text = api.nvrtcGetErrorString(code);
      } catch (UnsatisfiedLinkError ignored) {
        // no string
      }
    }
    return new Text(ErrorCodes.nvrtc(code), text);
  }

  /**
   * A cuBLASLt status, with {@code cublasLtGetStatusName} and {@code cublasLtGetStatusString}.
   *
   * @param code the cublasStatus_t
   * @return its name and string
   */
  public static Text cublasLt(int code) {
    String name = ErrorCodes.cublas(code);
    String text = null;
    CublasLt api = CudaLibs.LtHolder.LOADED.api;
    if (api != null) {
      try {
        name = api.cublasLtGetStatusName(code);
        text = api.cublasLtGetStatusString(code);
      } catch (UnsatisfiedLinkError ignored) {
        // the table's name stands
      }
    }
    return new Text(name, text);
  }

  /**
   * An NCCL result, with {@code ncclGetErrorString}. NCCL has no function for a code's name; {@link ErrorCodes#nccl}
   * names it from the header's enum.
   *
   * @param code the ncclResult_t
   * @return its name and string
   */
  public static Text nccl(int code) {
    String text = null;
    Nccl api = CudaLibs.NcclHolder.LOADED.api;
    if (api != null) {
      try {
        text = api.ncclGetErrorString(code);
      } catch (UnsatisfiedLinkError ignored) {
        // no string
      }
    }
    return new Text(ErrorCodes.nccl(code), text);
  }

  /**
   * A CUPTI result: its name from {@code cuptiGetResultString} (CUPTI has no separate description).
   *
   * @param code the CUptiResult
   * @return its name, no string
   */
  public static Text cupti(int code) {
    String name = ErrorCodes.cupti(code);
    Cupti api = CudaLibs.CuptiHolder.LOADED.api;
    if (api != null) {
      try {
        PointerByReference p = new PointerByReference();
        if (api.cuptiGetResultString(code, p) == 0 && p.getValue() != null) {
          name = p.getValue().getString(0);
        }
      } catch (UnsatisfiedLinkError ignored) {
        // the table's name stands
      }
    }
    return new Text(name, null);
  }
}
