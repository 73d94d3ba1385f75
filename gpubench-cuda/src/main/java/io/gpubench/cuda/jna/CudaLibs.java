package io.gpubench.cuda.jna;

import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.CudaException;
import java.util.Optional;

/**
 * The native libraries, each loaded on first use, and the checks that turn their return codes into
 * {@link CudaException}s naming the call and the library's error string. A library that cannot be loaded is
 * remembered with the reason, and every later use fails with that reason.
 */
public final class CudaLibs {
  private CudaLibs() {}

  /** A library that could not be loaded; the message says which names were tried and why they failed. */
  public static final class LibraryUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    LibraryUnavailableException(String message) {
      super(message);
    }
  }

  private static final class Driver {
    static final NativeLibraries.Loaded<CudaDriver> LOADED = loadDriver();

    private static NativeLibraries.Loaded<CudaDriver> loadDriver() {
      NativeLibraries.Loaded<CudaDriver> l = NativeLibraries.load(CudaDriver.class, "cuda", "libcuda.so.1", "nvcuda");
      if (l.library != null) {
        CudaHot.register(l.library);
      }
      return l;
    }
  }

  private static final class NvmlHolder {
    static final NativeLibraries.Loaded<Nvml> LOADED =
        NativeLibraries.load(Nvml.class, "nvidia-ml", "libnvidia-ml.so.1", "nvml");
  }

  private static final class NvrtcHolder {
    static final NativeLibraries.Loaded<Nvrtc> LOADED =
        NativeLibraries.load(Nvrtc.class, "nvrtc", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2");
  }

  private static final class LtHolder {
    static final NativeLibraries.Loaded<CublasLt> LOADED = loadLt();

    private static NativeLibraries.Loaded<CublasLt> loadLt() {
      NativeLibraries.Loaded<CublasLt> l =
          NativeLibraries.load(CublasLt.class, "cublasLt", "libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so.11");
      if (l.library != null) {
        CublasLtHot.register(l.library);
      }
      return l;
    }
  }

  private static final class NcclHolder {
    static final NativeLibraries.Loaded<Nccl> LOADED = loadNccl();

    private static NativeLibraries.Loaded<Nccl> loadNccl() {
      NativeLibraries.Loaded<Nccl> l = NativeLibraries.load(Nccl.class, "nccl", "libnccl.so.2");
      if (l.library != null) {
        NcclHot.register(l.library);
      }
      return l;
    }
  }

  private static final class CuptiHolder {
    static final NativeLibraries.Loaded<Cupti> LOADED =
        NativeLibraries.load(Cupti.class, "cupti", "libcupti.so.13", "libcupti.so.12");
  }

  private static final class NvtxHolder {
    static final NativeLibraries.Loaded<Nvtx> LOADED =
        NativeLibraries.load(Nvtx.class, "nvtx3interop", "libnvtx3interop.so.1", "nvToolsExt", "libnvToolsExt.so.1");
  }

  /**
   * The CUDA driver API.
   *
   * @return the library
   * @throws LibraryUnavailableException when libcuda cannot be loaded
   */
  public static CudaDriver cuda() {
    return get(Driver.LOADED, "no CUDA driver: libcuda ");
  }

  /**
   * Why libcuda cannot be loaded.
   *
   * @return the reason, or empty when it is loaded
   */
  public static Optional<String> cudaFailure() {
    return Optional.ofNullable(Driver.LOADED.failure);
  }

  /**
   * NVML.
   *
   * @return the library
   * @throws LibraryUnavailableException when libnvidia-ml cannot be loaded
   */
  public static Nvml nvml() {
    return get(NvmlHolder.LOADED, "no NVML: libnvidia-ml ");
  }

  /**
   * NVRTC.
   *
   * @return the library
   * @throws LibraryUnavailableException when libnvrtc cannot be loaded
   */
  public static Nvrtc nvrtc() {
    return get(NvrtcHolder.LOADED, "no NVRTC: libnvrtc ");
  }

  /**
   * cuBLASLt.
   *
   * @return the library
   * @throws LibraryUnavailableException when libcublasLt cannot be loaded
   */
  public static CublasLt cublasLt() {
    return get(LtHolder.LOADED, "no cuBLASLt: libcublasLt ");
  }

  /**
   * NCCL. Loading it registers {@link NcclHot} too.
   *
   * @return the library
   * @throws LibraryUnavailableException when libnccl cannot be loaded
   */
  public static Nccl nccl() {
    return get(NcclHolder.LOADED, "no NCCL: libnccl ");
  }

  /**
   * Why libnccl cannot be loaded.
   *
   * @return the reason, or empty when it is loaded
   */
  public static Optional<String> ncclFailure() {
    return Optional.ofNullable(NcclHolder.LOADED.failure);
  }

  /**
   * CUPTI, the CUDA profiling tools interface.
   *
   * @return the library
   * @throws LibraryUnavailableException when libcupti cannot be loaded
   */
  public static Cupti cupti() {
    return get(CuptiHolder.LOADED, "no CUPTI: libcupti ");
  }

  /**
   * Why CUPTI cannot be loaded.
   *
   * @return the reason, or empty when it is loaded
   */
  public static Optional<String> cuptiFailure() {
    return Optional.ofNullable(CuptiHolder.LOADED.failure).map(f -> "no CUPTI: libcupti " + f);
  }

  /**
   * NVTX, through CUDA 13's {@code libnvtx3interop} (or CUDA 12's {@code libnvToolsExt}).
   *
   * @return the library
   * @throws LibraryUnavailableException when neither can be loaded
   */
  public static Nvtx nvtx() {
    return get(NvtxHolder.LOADED, "no NVTX: libnvtx3interop ");
  }

  /**
   * Why NVTX cannot be loaded.
   *
   * @return the reason, or empty when it is loaded
   */
  public static Optional<String> nvtxFailure() {
    return Optional.ofNullable(NvtxHolder.LOADED.failure).map(f -> "no NVTX: libnvtx3interop " + f);
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
    String name = ErrorCodes.cupti(code);
    if (CuptiHolder.LOADED.api != null) {
      try {
        PointerByReference p = new PointerByReference();
        if (CuptiHolder.LOADED.api.cuptiGetResultString(code, p) == 0 && p.getValue() != null) {
          name = p.getValue().getString(0);
        }
      } catch (UnsatisfiedLinkError ignored) {
        // the table's name stands
      }
    }
    return new CudaException(CudaException.Api.CUPTI, call, code, name, null, detail);
  }

  private static <T> T get(NativeLibraries.Loaded<T> l, String what) {
    if (l.api == null) {
      throw new LibraryUnavailableException(what + l.failure);
    }
    return l.api;
  }

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
   * the name from {@link ErrorCodes}.
   *
   * @param code the CUresult
   * @param call the call
   * @param detail what was being done, or null
   * @return the exception
   */
  public static CudaException cudaError(int code, String call, String detail) {
    String name = ErrorCodes.cuda(code);
    String text = null;
    if (Driver.LOADED.api != null) {
      try {
        PointerByReference p = new PointerByReference();
        if (Driver.LOADED.api.cuGetErrorName(code, p) == 0 && p.getValue() != null) {
          name = p.getValue().getString(0);
        }
        p = new PointerByReference();
        if (Driver.LOADED.api.cuGetErrorString(code, p) == 0 && p.getValue() != null) {
          text = p.getValue().getString(0);
        }
      } catch (UnsatisfiedLinkError ignored) {
        // the table's name stands
      }
    }
    return new CudaException(CudaException.Api.DRIVER, call, code, name, text, detail);
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
    String text = null;
    if (NvmlHolder.LOADED.api != null) {
      try {
        text = NvmlHolder.LOADED.api.nvmlErrorString(code);
      } catch (UnsatisfiedLinkError ignored) {
        // no string
      }
    }
    return new CudaException(CudaException.Api.NVML, call, code, ErrorCodes.nvml(code), text, null);
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
      String text = null;
      if (NvrtcHolder.LOADED.api != null) {
        try {
          text = NvrtcHolder.LOADED.api.nvrtcGetErrorString(code);
        } catch (UnsatisfiedLinkError ignored) {
          // no string
        }
      }
      throw new CudaException(CudaException.Api.NVRTC, call, code, ErrorCodes.nvrtc(code), text, detail);
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
      String name = ErrorCodes.cublas(code);
      String text = null;
      if (LtHolder.LOADED.api != null) {
        try {
          name = LtHolder.LOADED.api.cublasLtGetStatusName(code);
          text = LtHolder.LOADED.api.cublasLtGetStatusString(code);
        } catch (UnsatisfiedLinkError ignored) {
          // the table's name stands
        }
      }
      throw new CudaException(CudaException.Api.CUBLASLT, call, code, name, text, detail);
    }
  }

  /**
   * The exception for an NCCL result, with {@code ncclGetErrorString}. NCCL has no function for a code's name;
   * {@link ErrorCodes#nccl} names it from the header's enum.
   *
   * @param code the ncclResult_t
   * @param call the call
   * @param detail what was being done (the communicator, its last error and async error), or null
   * @return the exception
   */
  public static CudaException ncclError(int code, String call, String detail) {
    String text = null;
    if (NcclHolder.LOADED.api != null) {
      try {
        text = NcclHolder.LOADED.api.ncclGetErrorString(code);
      } catch (UnsatisfiedLinkError ignored) {
        // no string
      }
    }
    return new CudaException(CudaException.Api.NCCL, call, code, ErrorCodes.nccl(code), text, detail);
  }

  /**
   * A null-terminated string from a byte buffer a library filled.
   *
   * @param buffer the buffer
   * @return the string up to the first zero byte
   */
  public static String cString(byte[] buffer) {
    int n = 0;
    while (n < buffer.length && buffer[n] != 0) {
      n++;
    }
    return new String(buffer, 0, n, java.nio.charset.StandardCharsets.UTF_8);
  }
}
