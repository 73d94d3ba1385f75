package io.gpubench.djl;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The few calls of CUDA's runtime library that move values between a case's device tensors and DJL's arrays on the
 * same GPU: a device-to-device copy and a device synchronise. The runtime is loaded by the name DJL loads it by
 * ({@code cudart}, as {@code ai.djl.util.cuda.CudaUtils} does to count GPUs): where it cannot load, DJL sees no GPU and
 * a DJL case on CUDA is skipped before it gets here.
 */
final class CudaRuntime {
  /** {@code cudaMemcpyDeviceToDevice} in {@code cuda_runtime_api.h}'s {@code cudaMemcpyKind}. */
  static final int DEVICE_TO_DEVICE = 3;

  /** The runtime calls used; names and signatures as in {@code cuda_runtime_api.h}. */
  interface Cudart extends Library {
    int cudaGetDevice(IntByReference device);

    int cudaSetDevice(int device);

    int cudaMemcpy(Pointer dst, Pointer src, long count, int kind);

    int cudaDeviceSynchronize();

    String cudaGetErrorString(int error);
  }

  private static final class Holder {
    static final Cudart LIB = Native.load("cudart", Cudart.class);
  }

  private CudaRuntime() {}

  /**
   * Copies bytes between two addresses on one GPU, after the work queued on it so far, and waits for the copy.
   *
   * @param ordinal the GPU, as CUDA numbers it ({@code cuda:1} is 1)
   * @param destination the destination address
   * @param source the source address
   * @param bytes how many bytes
   * @param what what is copied, for the message of a failure
   * @throws IllegalStateException naming the call, CUDA's error and {@code what} when a call fails
   */
  static void copy(int ordinal, long destination, long source, long bytes, String what) {
    Cudart cuda = Holder.LIB;
    IntByReference previous = new IntByReference();
    check(cuda, cuda.cudaGetDevice(previous), "cudaGetDevice", what);
    check(cuda, cuda.cudaSetDevice(ordinal), "cudaSetDevice(" + ordinal + ")", what);
    try {
      // Values the case's session made may still be in flight on its own stream: let the device finish first.
      check(cuda, cuda.cudaDeviceSynchronize(), "cudaDeviceSynchronize", what);
      check(cuda, cuda.cudaMemcpy(new Pointer(destination), new Pointer(source), bytes, DEVICE_TO_DEVICE),
          "cudaMemcpy(" + bytes + " bytes, device to device)", what);
      check(cuda, cuda.cudaDeviceSynchronize(), "cudaDeviceSynchronize", what);
    } finally {
      cuda.cudaSetDevice(previous.getValue());
    }
  }

  private static void check(Cudart cuda, int rc, String call, String what) {
    if (rc != 0) {
      throw new IllegalStateException(call + " failed with CUDA error " + rc + " (" + cuda.cudaGetErrorString(rc)
          + ") " + what);
    }
  }
}
