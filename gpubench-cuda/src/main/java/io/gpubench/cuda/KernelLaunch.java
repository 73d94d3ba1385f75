package io.gpubench.cuda;

import com.sun.jna.Pointer;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.jna.CudaLibs;

/** A kernel launch with its arguments laid out: {@link #run()} is one {@code cuLaunchKernel} on the stream. */
public final class KernelLaunch {
  private final CudaSession session;
  private final Pointer function;
  private final String name;
  private final Dim3 grid;
  private final Dim3 block;
  private final int sharedBytes;
  private final KernelArgs args;
  private final Pointer stream;

  KernelLaunch(CudaSession session, Pointer function, String name, Dim3 grid, Dim3 block, int sharedBytes,
      KernelArgs args) {
    this(session, session.stream(), function, name, grid, block, sharedBytes, args);
  }

  /** A launch on a given stream: the stream blocker holds whichever stream the trials are timed on. */
  KernelLaunch(CudaSession session, CudaStream stream, Pointer function, String name, Dim3 grid, Dim3 block,
      int sharedBytes, KernelArgs args) {
    this.session = session;
    this.function = function;
    this.name = name;
    this.grid = grid;
    this.block = block;
    this.sharedBytes = sharedBytes;
    this.args = args;
    this.stream = stream.handle();
  }

  /** Launches the kernel (asynchronously) on its stream, the session's unless made for another. */
  public void run() {
    session.runtime().makeCurrent();
    int rc = CudaHot.cuLaunchKernel(function, grid.x(), grid.y(), grid.z(), block.x(), block.y(), block.z(),
        sharedBytes, stream, args.pointers, null);
    if (rc != 0) {
      throw CudaLibs.cudaError(rc, "cuLaunchKernel", "kernel " + name + " grid " + grid + " block " + block);
    }
  }
}
