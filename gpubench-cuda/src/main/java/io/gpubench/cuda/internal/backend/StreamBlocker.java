package io.gpubench.cuda.internal.backend;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * Holds the stream a case's trials are timed on (its own, or a framework's) while the host queues a trial:
 * nvbench's {@code blocking_kernel} written for this library. {@link #block()} launches one thread that spins until
 * the host sets a flag in host-mapped memory; work queued behind it (the start event, the calls, the stop event)
 * starts only after {@link #release()}, so the events bracket device work and none of the launch path.
 *
 * <p>The kernel gives up after a timeout, read from {@code %globaltimer}, and says so in a second mapped flag: a
 * host that cannot finish queueing while the stream is held (its launches filled the launch queue, so the driver
 * makes it wait; or a call waits for the device) would otherwise wait forever. Every kernel the calls launch must
 * be loaded before the stream is held (CUDA's lazy loading synchronises: nvbench issue 339): the engine's warm-up
 * calls load them, and the blocker's own kernel is loaded by one block and release when it is made.
 */
final class StreamBlocker implements AutoCloseable {
  static final String KERNEL = "gb_block_stream";
  static final String SOURCE = String.join("\n",
      "extern \"C\" __global__ void gb_block_stream(const volatile int* release, volatile int* timedOut,",
      "    unsigned long long timeoutNs) {",
      "  unsigned long long start, now;",
      "  asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(start));",
      "  do {",
      "    if (*release) return;",
      "    asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(now));",
      "  } while (now - start < timeoutNs);",
      "  *timedOut = 1;",
      "  __threadfence_system();",
      "}",
      "");

  private static final int RELEASE = 0;
  private static final int TIMED_OUT = 4;

  private final long timeoutNanos;
  private Pointer flags;
  private final KernelLaunch launch;

  /**
   * Maps the flags and binds the kernel, then blocks and releases the stream once so that the kernel is loaded.
   *
   * @param resources the case's resources, whose timed stream it holds
   * @param timeoutNanos how long the kernel holds the stream at most
   */
  StreamBlocker(CaseResources resources, long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
    resources.runtime().makeCurrent();
    CudaDriver cu = CudaLibs.cuda();
    String what = "the stream blocker's flags of " + resources.caseId();
    PointerByReference host = new PointerByReference();
    CudaErrors.check(cu.cuMemHostAlloc(host, 8,
        CudaDriver.CU_MEMHOSTALLOC_PORTABLE | CudaDriver.CU_MEMHOSTALLOC_DEVICEMAP), "cuMemHostAlloc", what);
    flags = host.getValue();
    try {
      flags.setInt(RELEASE, 0);
      flags.setInt(TIMED_OUT, 0);
      LongByReference device = new LongByReference();
      CudaErrors.check(cu.cuMemHostGetDevicePointer_v2(device, flags, 0), "cuMemHostGetDevicePointer_v2", what);
      long d = device.getValue();
      launch = resources.timedStreamLaunch(SOURCE, "gpubench_blocker.cu", KERNEL, Dim3.of(1), Dim3.of(1),
          d + RELEASE, d + TIMED_OUT, timeoutNanos);
      block();
      release();
      CudaErrors.check(CudaHot.cuStreamSynchronize(resources.timedStream().handle()), "cuStreamSynchronize",
          "loading the stream blocker of " + resources.caseId());
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /**
   * How long the kernel holds the stream at most.
   *
   * @return nanoseconds
   */
  long timeoutNanos() {
    return timeoutNanos;
  }

  /** Clears both flags and queues the spinning kernel on the timed stream; call only with the stream idle. */
  void block() {
    flags.setInt(RELEASE, 0);
    flags.setInt(TIMED_OUT, 0);
    launch.run();
  }

  /** Lets the stream go: the kernel sees the flag within a few microseconds and ends. */
  void release() {
    flags.setInt(RELEASE, 1);
  }

  /**
   * Whether the kernel gave up before the host released it; read after the stream has been synchronised.
   *
   * @return true when it timed out
   */
  boolean timedOut() {
    return flags.getInt(TIMED_OUT) != 0;
  }

  @Override
  public void close() {
    if (flags != null) {
      flags.setInt(RELEASE, 1);
      CudaLibs.cuda().cuMemFreeHost(flags);
      flags = null;
    }
  }
}
