package io.gpubench.cuda;

import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.CudaHot;

/** A kernel launch with its arguments laid out: {@link #run()} is one {@code cuLaunchKernel} on the stream. */
public final class KernelLaunch {
  private final DeviceRuntime runtime;
  private final Pointer function;
  private final String name;
  private final Dim3 grid;
  private final Dim3 block;
  private final int sharedBytes;
  private final KernelArgs args;
  private final Pointer stream;

  KernelLaunch(CaseResources resources, Pointer function, String name, Dim3 grid, Dim3 block, int sharedBytes,
      KernelArgs args) {
    this(resources, resources.stream(), function, name, grid, block, sharedBytes, args);
  }

  /** A launch on a given stream: the stream blocker holds whichever stream the trials are timed on. */
  KernelLaunch(CaseResources resources, CudaStream stream, Pointer function, String name, Dim3 grid, Dim3 block,
      int sharedBytes, KernelArgs args) {
    this.runtime = resources.runtime();
    this.function = function;
    this.name = name;
    this.grid = grid;
    this.block = block;
    this.sharedBytes = sharedBytes;
    this.args = args;
    this.stream = stream.handle();
  }

  /** Launches the kernel (asynchronously) on its stream, the case's unless made for another. */
  public void run() {
    runtime.makeCurrent();
    int rc = CudaHot.cuLaunchKernel(function, grid.x(), grid.y(), grid.z(), block.x(), block.y(), block.z(),
        sharedBytes, stream, args.pointers, null);
    if (rc != 0) {
      throw CudaErrors.cudaError(rc, "cuLaunchKernel", "kernel " + name + " grid " + grid + " block " + block);
    }
  }
}
