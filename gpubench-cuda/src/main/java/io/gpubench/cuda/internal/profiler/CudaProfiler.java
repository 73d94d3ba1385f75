package io.gpubench.cuda.internal.profiler;

import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.Map;
import java.util.Optional;

/**
 * The CUDA profiler API: {@code cuProfilerStart} and {@code cuProfilerStop} around what an attached profiler is to
 * record. Under {@code nsys profile --capture-range=cudaProfilerApi} (or {@code ncu --profile-from-start off})
 * collection starts at the first start and, with {@code --capture-range-end=stop}, ends at the stop, so a profile
 * holds just the selected case:
 *
 * <pre>{@code
 * try (CudaProfiler.Capture c = CudaProfiler.capture()) {   // on the thread whose context is current
 *   gemm.run();
 * }
 * }</pre>
 *
 * <p>Without a profiler attached both calls do nothing. They act on the calling thread's current context (the
 * session's, in benchmark code).
 */
public final class CudaProfiler {
  private CudaProfiler() {}

  /** A capture range; {@link #close()} stops it. */
  public static final class Capture implements AutoCloseable {
    private boolean closed;

    private Capture() {}

    /** {@code cuProfilerStop}. */
    @Override
    public void close() {
      if (!closed) {
        closed = true;
        CudaErrors.check(CudaLibs.cuda().cuProfilerStop(), "cuProfilerStop");
      }
    }
  }

  /**
   * {@code cuProfilerStart} on the current context.
   *
   * @return the range, to close after the work to record
   * @throws io.gpubench.cuda.CudaException naming the call, e.g. {@code CUDA_ERROR_INVALID_CONTEXT} where no
   *     context is current
   */
  public static Capture capture() {
    CudaErrors.check(CudaLibs.cuda().cuProfilerStart(), "cuProfilerStart", "starting a profiler capture range");
    return new Capture();
  }

  /**
   * The profiler or tool attached to this process, as its injection variables show.
   *
   * @return such as {@code Nsight Systems (NSYS_PROFILING_SESSION_ID=3)}, or empty
   */
  public static Optional<String> attachedTool() {
    return attachedTool(System.getenv());
  }

  /**
   * The profiler hooks of a CUDA session: captures with {@link #capture()} on the session's context, NVTX ranges in
   * the {@code gpubench} domain ({@link NvtxRanges}).
   *
   * @param makeCurrent makes the session's context current on the calling thread
   * @return the hooks
   */
  public static ProfilerHooks hooks(Runnable makeCurrent) {
    return new Hooks(makeCurrent);
  }

  /** The engine's ranges go to one domain, made once per process (NVTX keeps domains until it unloads). */
  private static final class Domain {
    static final NvtxRanges GPUBENCH = NvtxRanges.domain("gpubench");
  }

  private static final class Hooks implements ProfilerHooks {
    private final Runnable makeCurrent;

    Hooks(Runnable makeCurrent) {
      this.makeCurrent = makeCurrent;
    }

    @Override
    public Range capture() {
      makeCurrent.run();
      Capture c = CudaProfiler.capture();
      return c::close;
    }

    @Override
    public Range range(String name) {
      NvtxRanges.Range r = Domain.GPUBENCH.push(name);
      return r::close;
    }

    @Override
    public Optional<String> attachedProfiler() {
      return attachedTool();
    }

    @Override
    public Optional<String> rangesUnavailable() {
      return NvtxRanges.unavailableReason();
    }
  }

  static Optional<String> attachedTool(Map<String, String> env) {
    String nsys = env.get("NSYS_PROFILING_SESSION_ID");
    if (nsys != null) {
      return Optional.of("Nsight Systems (NSYS_PROFILING_SESSION_ID=" + nsys + ")");
    }
    String injection = env.get("CUDA_INJECTION64_PATH");
    if (injection != null && !injection.isBlank()) {
      String tool = injection.contains("nsight-compute") || injection.contains("libTreeLauncher") ? "Nsight Compute"
          : injection.contains("nsys") || injection.contains("nsight-systems") ? "Nsight Systems" : "a CUDA tool";
      return Optional.of(tool + " (CUDA_INJECTION64_PATH=" + injection + ")");
    }
    return Optional.empty();
  }
}
