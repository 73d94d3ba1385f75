package io.gpubench.cuda;

import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;

/**
 * What benchmark code gets of a CUDA case: the device, the case's stream, NVRTC kernels, cuBLASLt products, the
 * device addresses of the case's tensors, and scratch memory. Get it in {@code @Setup} with
 * {@code ctx.unwrap(Cuda.class)}:
 *
 * <pre>{@code
 * @Setup void setup(BenchContext ctx) {
 *   Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
 *   Tensor a = ctx.random("a", m, k), b = ctx.random("b", k, n), c = ctx.output("c", m, n);
 *   gemm = cuda.matmul(ctx.referencePrecision(), a, b, c);        // cuBLASLt, planned once
 *   scale = cuda.kernel(SOURCE, "scale").bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, c, 2.0f, n);
 * }
 * @Measure void run() { gemm.run(); scale.run(); }                   // both on cuda.stream()
 * }</pre>
 *
 * <p>Work must go on {@link #stream()}: the CUDA events that time a trial are recorded there, and in graph mode
 * ({@link io.gpubench.api.DeviceTiming}) the trial's calls are captured there, once, and replayed. A measured method
 * should only queue work (launches, {@code Matmul.run()}, async copies and memsets), and leave allocating, copying
 * to the host and synchronising to {@code @Setup} and the engine.
 *
 * <p>Everything made here belongs to the case and is freed when the engine ends the case. The engine's side of the
 * case (closing it, its clock, its telemetry, its kernel audit) is not reachable from here.
 */
public final class Cuda {
  private final CaseResources resources;

  Cuda(CaseResources resources) {
    this.resources = resources;
  }

  /**
   * The device.
   *
   * @return its facts: name, compute capability, memory, clocks
   */
  public CudaDevice device() {
    return resources.device();
  }

  /**
   * The case's stream; issue all timed work here.
   *
   * @return the stream
   */
  public CudaStream stream() {
    return resources.stream();
  }

  /**
   * A tensor of this case as a {@link CudaTensor}, with its device address.
   *
   * @param t a tensor from this case's context
   * @return it
   * @throws IllegalArgumentException naming the tensor when it is not this case's
   */
  public CudaTensor tensor(Tensor t) {
    return resources.tensor(t);
  }

  /**
   * The device address of a tensor of this case, for a kernel argument or a library call.
   *
   * @param t the tensor
   * @return its address
   * @throws IllegalArgumentException naming the tensor when it is not this case's
   */
  public long address(Tensor t) {
    return resources.tensor(t).address();
  }

  /**
   * A kernel compiled by NVRTC for this device's architecture, compiled once per process for the same source and
   * options. Kernels must be declared {@code extern "C" __global__}.
   *
   * @param source CUDA C
   * @param kernel the kernel's name
   * @param options further NVRTC options, such as {@code -DTILE=64} or {@code --use_fast_math}
   * @return the kernel, launching on this case's stream
   * @throws CudaException with NVRTC's log when the source does not compile
   */
  public CudaKernel kernel(String source, String kernel, String... options) {
    return resources.kernel(source, kernel, options);
  }

  /**
   * Plans a cuBLASLt product of row-major tensors, {@code C[m,n] = A[m,k] B[k,n]}, in a compute precision: pass
   * {@code ctx.referencePrecision()} so the same code computes the case and its reference.
   *
   * @param compute FP64, FP32 (no TF32), TF32, FP16, BF16 (FP32 accumulation) or FP8 E4M3 (BF16 out)
   * @param a A, stored in the compute precision (FP32 for TF32)
   * @param b B, likewise
   * @param c C, likewise; overwritten
   * @return the plan, freed with the case
   */
  public Matmul matmul(Precision compute, Tensor a, Tensor b, Tensor c) {
    return resources.matmul(compute, a, b, c);
  }

  /**
   * Device memory for the case's own use (a workspace, a buffer between two kernels), uninitialised. Unlike the
   * context's inputs and outputs it is neither poisoned nor checked; it counts in the case's peak memory and is
   * freed with the case.
   *
   * @param name a name for messages
   * @param storage the element type
   * @param dims its dimensions
   * @return the tensor
   * @throws CudaException naming the allocation and the free memory when the device has too little
   */
  public CudaTensor allocate(String name, Precision storage, long... dims) {
    return (CudaTensor) resources.tensors().allocate(name, storage, dims);
  }

  /**
   * A copy of a tensor of this case on the host, as FP32 values (waits for the device): for checks in
   * {@code @Setup} and tests, never in a measured method.
   *
   * @param t the tensor
   * @return its values, row-major
   */
  public float[] toHost(Tensor t) {
    return resources.tensors().toHost(resources.tensor(t));
  }

  /** Waits until the device has finished all work issued so far (for {@code @Setup}; never in a measured method). */
  public void synchronize() {
    resources.synchronize();
  }

  @Override
  public String toString() {
    return "Cuda[" + resources.backendId() + ", " + resources.caseId() + "]";
  }
}
