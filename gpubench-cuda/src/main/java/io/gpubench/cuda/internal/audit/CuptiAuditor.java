package io.gpubench.cuda.internal.audit;

import com.sun.jna.Pointer;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Cupti;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The CUDA backend's kernel audit, through CUPTI: which kernels the calls between {@link #start()} and
 * {@link Audit#stop(int)} ran on one device, their GPU times, the copies and sets beside them, and the library that
 * launched each kernel. The CUDA backend's session hands one to the engine through {@code unwrap(KernelAuditor.class)}:
 *
 * <pre>{@code
 * KernelAuditor.Audit audit = session.unwrap(KernelAuditor.class).orElseThrow().start();
 * gemm.run();                                 // one call, untimed
 * KernelAudit result = audit.stop(1);         // "cuBLASLt 100%, 1 kernel"
 * }</pre>
 *
 * <p>What is recorded: CUPTI's activity records of concurrent kernels, memory copies (peer copies too) and sets,
 * with their GPU start and end; the activity records of the launch calls (driver {@code cuLaunchKernel},
 * {@code cuLaunchKernelEx}, {@code cuLaunchCooperativeKernel}, {@code cuGraphLaunch}; runtime
 * {@code cudaLaunchKernel}, {@code cudaLaunchKernelExC}, {@code cudaLaunchCooperativeKernel},
 * {@code __cudaLaunchKernel}, {@code cudaGraphLaunch}, with their per-thread-stream variants); and launches the
 * driver made outside any call. How a kernel is attributed: at each launch call CUPTI calls back on the calling
 * thread, the native stack is walked from there ({@link NativeStacks}), and the first frame outside libcupti,
 * libcuda and libcudart names the shared object that asked for the launch: libcublasLt, libcudnn, libnccl,
 * libtorch_cuda, or JNA's dispatch library for a launch made from Java (the benchmark's own kernels). Kernels no walk
 * reaches are attributed by name, and say so ({@link LaunchAttribution}).
 *
 * <p>CUPTI is process-wide: one audit runs at a time, and an audit can neither run beside another CUPTI client
 * (Nsight Systems, Nsight Compute) nor under one; it is then skipped with the reason, as it is where libcupti is
 * absent or refuses (insufficient privileges, a virtualised or confidential-computing device). Nothing here throws
 * into the caller. CUPTI stays attached to the process after the first audit, with nothing enabled between audits.
 */
public final class CuptiAuditor implements KernelAuditor {
  /**
   * System property: a directory into which each audit writes CUPTI's raw activity buffers ({@code activity-N.bin})
   * and its stack walks ({@code walks-N.txt}), for diagnosis and test fixtures.
   */
  public static final String DUMP_DIR = "gpubench.cuda.audit.dump-dir";

  /** The launch functions walked and recorded, by callback domain (1 driver, 2 runtime). */
  static final Map<Integer, Set<Integer>> LAUNCH_CBIDS = Map.of(
      Cupti.CUPTI_CB_DOMAIN_DRIVER_API, Set.of(
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch,
          Cupti.CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz),
      Cupti.CUPTI_CB_DOMAIN_RUNTIME_API, Set.of(
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000,
          Cupti.CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_ptsz_v10000));

  final Pointer context;
  final int deviceOrdinal;
  final Runnable synchronize;
  final String label;
  final Supplier<Cupti> cupti;
  final boolean walkStacks;

  /**
   * An auditor for one context.
   *
   * @param context the {@code CUcontext} whose device is audited
   * @param deviceOrdinal the device's ordinal, for messages
   * @param synchronize waits for the device (the session's synchronize)
   * @param label what is audited, for messages (the case)
   */
  public CuptiAuditor(Pointer context, int deviceOrdinal, Runnable synchronize, String label) {
    this(context, deviceOrdinal, synchronize, label, CudaLibs::cupti, true);
  }

  CuptiAuditor(Pointer context, int deviceOrdinal, Runnable synchronize, String label, Supplier<Cupti> cupti,
      boolean walkStacks) {
    this.context = context;
    this.deviceOrdinal = deviceOrdinal;
    this.synchronize = synchronize;
    this.label = label;
    this.cupti = cupti;
    this.walkStacks = walkStacks;
  }

  /**
   * Waits for the device and starts recording; never throws.
   *
   * @return the running audit, or one whose {@code stop} gives the skip and its reason
   */
  @Override
  public Audit start() {
    return RunningAudit.start(this);
  }
}
