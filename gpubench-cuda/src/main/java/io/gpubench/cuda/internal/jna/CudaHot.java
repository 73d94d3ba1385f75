package io.gpubench.cuda.internal.jna;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * The CUDA driver calls made inside timed regions, through JNA direct mapping (a JNI call per invocation, no
 * reflection or argument conversion): event records, launches (kernels and graphs), memsets, synchronisation.
 */
public final class CudaHot {
  private CudaHot() {}

  static void register(NativeLibrary lib) {
    Native.register(CudaHot.class, lib);
  }

  /**
   * {@code cuEventRecord}.
   *
   * @param event the event
   * @param stream the stream
   * @return the CUresult
   */
  public static native int cuEventRecord(Pointer event, Pointer stream);

  /**
   * {@code cuEventSynchronize}.
   *
   * @param event the event
   * @return the CUresult
   */
  public static native int cuEventSynchronize(Pointer event);

  /**
   * {@code cuCtxSynchronize}.
   *
   * @return the CUresult
   */
  public static native int cuCtxSynchronize();

  /**
   * {@code cuStreamSynchronize}.
   *
   * @param stream the stream
   * @return the CUresult
   */
  public static native int cuStreamSynchronize(Pointer stream);

  /**
   * {@code cuStreamQuery}: whether the stream's work is done, without waiting.
   *
   * @param stream the stream
   * @return {@code CUDA_SUCCESS} when done, {@code CUDA_ERROR_NOT_READY} (600) while work is pending, else an error
   */
  public static native int cuStreamQuery(Pointer stream);

  /**
   * {@code cuCtxSetCurrent}.
   *
   * @param ctx the context
   * @return the CUresult
   */
  public static native int cuCtxSetCurrent(Pointer ctx);

  /**
   * {@code cuLaunchKernel}.
   *
   * @param f the function
   * @param gridX grid x
   * @param gridY grid y
   * @param gridZ grid z
   * @param blockX block x
   * @param blockY block y
   * @param blockZ block z
   * @param sharedBytes dynamic shared memory
   * @param stream the stream
   * @param params pointer to an array of pointers to the arguments
   * @param extra null
   * @return the CUresult
   */
  public static native int cuLaunchKernel(Pointer f, int gridX, int gridY, int gridZ, int blockX, int blockY,
      int blockZ, int sharedBytes, Pointer stream, Pointer params, Pointer extra);

  /**
   * {@code cuGraphLaunch}.
   *
   * @param exec the instantiated graph
   * @param stream the stream
   * @return the CUresult
   */
  public static native int cuGraphLaunch(Pointer exec, Pointer stream);

  /**
   * {@code cuMemsetD32Async}.
   *
   * @param dst device address
   * @param value the 32-bit value
   * @param count number of 32-bit words
   * @param stream the stream
   * @return the CUresult
   */
  public static native int cuMemsetD32Async(long dst, int value, long count, Pointer stream);

  /**
   * {@code cuMemsetD16Async}.
   *
   * @param dst device address
   * @param value the 16-bit value
   * @param count number of 16-bit words
   * @param stream the stream
   * @return the CUresult
   */
  public static native int cuMemsetD16Async(long dst, short value, long count, Pointer stream);

  /**
   * {@code cuMemsetD8Async}.
   *
   * @param dst device address
   * @param value the byte
   * @param count number of bytes
   * @param stream the stream
   * @return the CUresult
   */
  public static native int cuMemsetD8Async(long dst, byte value, long count, Pointer stream);
}
