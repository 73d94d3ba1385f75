package io.gpubench.cuda.internal.jna;

import java.util.Optional;

/**
 * The native libraries, each loaded on first use. A library that cannot be loaded is remembered with the reason, and
 * every later use fails with that reason. What a library says about one of its return codes is {@link ErrorStrings};
 * turning a code into an exception is {@code io.gpubench.cuda.CudaErrors}' job, a floor up: the bindings know nothing
 * of the types above them.
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

  static final class Driver {
    static final NativeLibraries.Loaded<CudaDriver> LOADED = loadDriver();

    private static NativeLibraries.Loaded<CudaDriver> loadDriver() {
      NativeLibraries.Loaded<CudaDriver> l = NativeLibraries.load(CudaDriver.class, "cuda", "libcuda.so.1", "nvcuda");
      if (l.library != null) {
        CudaHot.register(l.library);
      }
      return l;
    }
  }

  static final class NvmlHolder {
    static final NativeLibraries.Loaded<Nvml> LOADED =
        NativeLibraries.load(Nvml.class, "nvidia-ml", "libnvidia-ml.so.1", "nvml");
  }

  static final class NvrtcHolder {
    static final NativeLibraries.Loaded<Nvrtc> LOADED =
        NativeLibraries.load(Nvrtc.class, "nvrtc", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2");
  }

  static final class LtHolder {
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

  static final class NcclHolder {
    static final NativeLibraries.Loaded<Nccl> LOADED = loadNccl();

    private static NativeLibraries.Loaded<Nccl> loadNccl() {
      NativeLibraries.Loaded<Nccl> l = NativeLibraries.load(Nccl.class, "nccl", "libnccl.so.2");
      if (l.library != null) {
        NcclHot.register(l.library);
      }
      return l;
    }
  }

  static final class CuptiHolder {
    static final NativeLibraries.Loaded<Cupti> LOADED =
        NativeLibraries.load(Cupti.class, "cupti", "libcupti.so.13", "libcupti.so.12");
  }

  static final class NvtxHolder {
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

  private static <T> T get(NativeLibraries.Loaded<T> l, String what) {
    if (l.api == null) {
      throw new LibraryUnavailableException(what + l.failure);
    }
    return l.api;
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
