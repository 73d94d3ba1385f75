package io.gpubench.api.result;

import java.util.List;

/**
 * What one call of a case ran on the GPU: its kernels grouped by name, the library that launched each, and how the
 * call's GPU time was spent. A backend records it over calls made after the timed trials, never inside them (the
 * CUDA backend uses CUPTI's activity records); times are per call.
 *
 * <p>The shares divide by the call's GPU time, {@link #kernelNanos} plus {@link #copyNanos}. {@link #libraryShare}
 * is the share of kernels of the vendor and framework libraries ({@link Library#isLibrary()}: cuBLAS, cuBLASLt,
 * cuDNN, ATen); NCCL's kernels are communication, counted apart in {@link #communicationShare}. The busy fraction
 * is the part of the call's span on the GPU (first start to last end of its kernels, copies and sets) in which at
 * least one of them ran: below 1, the GPU waited between them, for launches or host work.
 *
 * <p>A skipped audit ({@link #skipped(String)}) carries only its reason: CUPTI absent or refused, another profiler
 * attached, a backend without an audit. It never fails its case.
 *
 * @param skipReason why there is no audit, or null when there is one
 * @param calls the number of calls audited; counts and times are divided by it
 * @param spanNanos the call's span on the GPU, first start to last end
 * @param kernelNanos the summed time of the call's kernels
 * @param copyNanos the summed time of the call's memory copies and sets
 * @param busyFraction the part of the span in which a kernel, copy or set ran, 0 to 1
 * @param libraryShare the share of GPU time in kernels of cuBLAS, cuBLASLt, cuDNN and ATen
 * @param communicationShare the share of GPU time in NCCL's kernels
 * @param copyShare the share of GPU time in copies and sets
 * @param kernels the kernels by name, the longest first
 * @param copies the copies and sets by kind, the longest first
 * @param attribution how the kernels were attributed to libraries
 * @param cost what the audit itself cost
 */
public record KernelAudit(
    String skipReason,
    int calls,
    double spanNanos,
    double kernelNanos,
    double copyNanos,
    double busyFraction,
    double libraryShare,
    double communicationShare,
    double copyShare,
    List<Kernel> kernels,
    List<Copy> copies,
    Attribution attribution,
    Cost cost) {

  /**
   * Makes the audit, copying the lists.
   *
   * @param skipReason reason for a skip, or null
   * @param calls calls audited
   * @param spanNanos span per call
   * @param kernelNanos kernel time per call
   * @param copyNanos copy time per call
   * @param busyFraction busy fraction
   * @param libraryShare library share
   * @param communicationShare communication share
   * @param copyShare copy share
   * @param kernels kernels by name
   * @param copies copies by kind
   * @param attribution how kernels were attributed, or null for a skip
   * @param cost the audit's cost, or null for a skip
   */
  public KernelAudit {
    kernels = List.copyOf(kernels);
    copies = List.copyOf(copies);
  }

  /**
   * An audit that did not happen.
   *
   * @param reason why, naming what was absent or refused
   * @return the skipped audit
   */
  public static KernelAudit skipped(String reason) {
    return new KernelAudit(reason, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), null, null);
  }

  /**
   * Whether the audit was skipped.
   *
   * @return true when {@link #skipReason} is set
   */
  public boolean isSkipped() {
    return skipReason != null;
  }

  /** The library that launched a kernel. */
  public enum Library {
    /** cuBLAS ({@code libcublas}). */
    CUBLAS("cuBLAS"),
    /** cuBLASLt ({@code libcublasLt}). */
    CUBLASLT("cuBLASLt"),
    /** cuDNN ({@code libcudnn*}). */
    CUDNN("cuDNN"),
    /** NCCL ({@code libnccl}): communication. */
    NCCL("NCCL"),
    /** PyTorch's ATen ({@code libtorch_cuda}, {@code libc10_cuda}), as DJL's PyTorch engine runs it. */
    ATEN("ATen"),
    /** The benchmark's own kernels: launched from the JVM (NVRTC or module kernels through JNA, JNI or Panama). */
    BENCHMARK("benchmark"),
    /** Another shared object, named in {@link Kernel#source()}. */
    OTHER("other"),
    /** Not attributed: {@link Kernel#source()} says why. */
    UNKNOWN("unknown");

    private final String label;

    Library(String label) {
      this.label = label;
    }

    /**
     * The name reports show.
     *
     * @return the label, such as {@code cuBLASLt}
     */
    public String label() {
      return label;
    }

    /**
     * Whether kernels of this library count in {@link KernelAudit#libraryShare()}: the vendor and framework
     * libraries a benchmark calls rather than writes (NCCL is communication, counted apart).
     *
     * @return true for cuBLAS, cuBLASLt, cuDNN and ATen
     */
    public boolean isLibrary() {
      return this == CUBLAS || this == CUBLASLT || this == CUDNN || this == ATEN;
    }
  }

  /** How a kernel was attributed to its library. */
  public enum Method {
    /** By the native call stack at the launch call: the first frame outside CUDA's own libraries. */
    STACK,
    /** By the kernel's name, where no stack could be joined to the launch ({@link Kernel#source()} says why). */
    KERNEL_NAME,
    /** Not attributed. */
    NONE
  }

  /**
   * The launches of one kernel in the audited call.
   *
   * @param name the kernel's name as the driver reports it (mangled for C++ kernels)
   * @param library the library that launched it
   * @param source the shared object whose code made the launch call, such as {@code libcublasLt.so.13}, or
   *     {@code JVM (JNA)}; for a kernel attributed by name, why no stack was joined
   * @param method how it was attributed
   * @param countPerCall launches per call
   * @param nanosPerCall GPU time per call
   * @param share the share of the call's GPU time
   */
  public record Kernel(
      String name,
      Library library,
      String source,
      Method method,
      double countPerCall,
      double nanosPerCall,
      double share) {}

  /**
   * The memory copies or sets of one kind in the audited call.
   *
   * @param kind {@code memcpy HtoD}, {@code memcpy DtoD}, {@code memcpy PtoP}, {@code memset} and the like
   * @param countPerCall operations per call
   * @param bytesPerCall bytes per call
   * @param nanosPerCall GPU time per call
   * @param share the share of the call's GPU time
   */
  public record Copy(String kind, double countPerCall, double bytesPerCall, double nanosPerCall, double share) {}

  /**
   * How the kernels were attributed.
   *
   * @param how the means, in words (the native stack at the launch call, resolved to shared objects)
   * @param stackShare the share of kernel time attributed by stack
   * @param nameShare the share of kernel time attributed by kernel name
   * @param unattributedShare the share of kernel time not attributed
   * @param notes what the attribution saw: launch calls and stack walks counted, fallbacks and their reasons
   */
  public record Attribution(
      String how, double stackShare, double nameShare, double unattributedShare, List<String> notes) {

    /**
     * Makes the record, copying the notes.
     *
     * @param how the means
     * @param stackShare share by stack
     * @param nameShare share by name
     * @param unattributedShare share not attributed
     * @param notes notes
     */
    public Attribution {
      notes = List.copyOf(notes);
    }
  }

  /**
   * What the audit cost: the host time it took and the work it did besides the call.
   *
   * @param totalNanos host time from the audit's start to its result, the audited calls included
   * @param callNanos host time of the audited calls as they ran under the audit
   * @param launchCalls launch calls (driver and runtime API) seen
   * @param stackWalks native stack walks made at launch calls
   * @param stackFrames stack frames read by those walks
   * @param droppedRecords activity records CUPTI dropped (buffers full)
   */
  public record Cost(
      double totalNanos, double callNanos, long launchCalls, long stackWalks, long stackFrames, long droppedRecords) {}
}
