package io.gpubench.cuda;

import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * A compiled kernel, launched on its case's stream. {@link #launch} lays out the arguments on every call;
 * {@link #bind} lays them out once and returns a launch whose {@link KernelLaunch#run()} is one JNI call, for
 * timed loops.
 *
 * <pre>{@code
 * CudaKernel k = cuda.kernel(SOURCE, "axpy");
 * KernelLaunch axpy = k.bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, out, x, y, 2.0f, n);
 * axpy.run();
 * }</pre>
 */
public final class CudaKernel {
  private final CaseResources resources;
  private final Pointer function;
  private final String name;

  CudaKernel(CaseResources resources, Pointer function, String name) {
    this.resources = resources;
    this.function = function;
    this.name = name;
  }

  /**
   * The kernel's name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * Raises the dynamic shared memory a launch may ask for above the default 48 KiB.
   *
   * @param bytes the most dynamic shared memory per block
   * @return this kernel
   */
  public CudaKernel maxDynamicShared(int bytes) {
    resources.runtime().makeCurrent();
    CudaErrors.check(CudaLibs.cuda().cuFuncSetAttribute(function,
        CudaDriver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes), "cuFuncSetAttribute", "kernel " + name);
    return this;
  }

  /**
   * Launches once on the case's stream.
   *
   * @param grid blocks
   * @param block threads per block
   * @param sharedBytes dynamic shared memory per block
   * @param args the arguments in the kernel's order: tensors (their addresses), boxed numbers of the parameter's
   *     exact type, pointers
   */
  public void launch(Dim3 grid, Dim3 block, int sharedBytes, Object... args) {
    bind(grid, block, sharedBytes, args).run();
  }

  /**
   * Lays the arguments out once, for repeated launches.
   *
   * @param grid blocks
   * @param block threads per block
   * @param sharedBytes dynamic shared memory per block
   * @param args the arguments, as for {@link #launch}
   * @return the bound launch
   */
  public KernelLaunch bind(Dim3 grid, Dim3 block, int sharedBytes, Object... args) {
    return new KernelLaunch(resources, function, name, grid, block, sharedBytes, new KernelArgs(resources, name, args));
  }
}
