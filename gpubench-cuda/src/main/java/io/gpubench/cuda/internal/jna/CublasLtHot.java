package io.gpubench.cuda.internal.jna;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/** {@code cublasLtMatmul} through JNA direct mapping: the call inside timed GEMM regions. */
public final class CublasLtHot {
  private CublasLtHot() {}

  static void register(NativeLibrary lib) {
    Native.register(CublasLtHot.class, lib);
  }

  /**
   * {@code cublasLtMatmul}: D = alpha op(A) op(B) + beta C.
   *
   * @param handle the handle
   * @param desc the operation
   * @param alpha host pointer to alpha
   * @param a A's device address
   * @param aLayout A's layout
   * @param b B's device address
   * @param bLayout B's layout
   * @param beta host pointer to beta
   * @param c C's device address
   * @param cLayout C's layout
   * @param d D's device address
   * @param dLayout D's layout
   * @param algo the algorithm, or null for a heuristic pick per call
   * @param workspace the workspace's device address
   * @param workspaceBytes its size
   * @param stream the stream
   * @return the cublasStatus_t
   */
  public static native int cublasLtMatmul(Pointer handle, Pointer desc, Pointer alpha, long a, Pointer aLayout,
      long b, Pointer bLayout, Pointer beta, long c, Pointer cLayout, long d, Pointer dLayout, Pointer algo,
      long workspace, long workspaceBytes, Pointer stream);
}
