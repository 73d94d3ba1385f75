package io.gpubench.cuda;

import com.sun.jna.Pointer;

/**
 * The stream a case runs on. Work a benchmark issues on it is what the session's CUDA events time; work on other
 * streams is waited for at each synchronisation but falls outside the device time (unless a framework has the trials
 * timed on its own stream: {@link io.gpubench.api.spi.FrameworkStream}).
 */
public final class CudaStream {
  private final Pointer handle;

  CudaStream(Pointer handle) {
    this.handle = handle;
  }

  /**
   * A stream by its address; {@code 0} is the legacy default stream of the current context.
   *
   * @param address the {@code CUstream}
   * @return the stream
   */
  static CudaStream of(long address) {
    return new CudaStream(address == 0 ? null : new Pointer(address));
  }

  /**
   * Whether this is the legacy default stream (the NULL stream), which CUDA cannot capture into a graph.
   *
   * @return true for address 0
   */
  boolean isLegacyDefault() {
    return handle == null;
  }

  /**
   * The {@code CUstream} for JNA calls.
   *
   * @return the handle; null for the legacy default stream
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
