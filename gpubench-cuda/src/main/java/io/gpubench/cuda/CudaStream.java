package io.gpubench.cuda;

import com.sun.jna.Pointer;

/**
 * The stream a case runs on. Work a benchmark issues on it is what the session's CUDA events time; work on other
 * streams is waited for at each synchronisation but falls outside the device time.
 */
public final class CudaStream {
  private final Pointer handle;

  CudaStream(Pointer handle) {
    this.handle = handle;
  }

  /**
   * The {@code CUstream} for JNA calls.
   *
   * @return the handle
   */
  public Pointer handle() {
    return handle;
  }

  /**
   * The {@code CUstream} as an address, for JNI or Panama code ({@code cudaStream_t} is the same handle).
   *
   * @return the address
   */
  public long address() {
    return Pointer.nativeValue(handle);
  }
}
