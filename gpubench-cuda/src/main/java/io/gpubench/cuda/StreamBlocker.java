package io.gpubench.cuda;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.jna.CudaDriver;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.jna.CudaLibs;

/**
 * Holds the stream a session's trials are timed on (its own, or a framework's) while the host queues a trial, nvbench's {@code blocking_kernel} written for this
 * library: {@link #block()} launches one thread that spins until the host sets a flag in host-mapped memory;
 * work queued behind it (the start event, the calls, the stop event) starts only after {@link #release()}, so the
 * events bracket device work and none of the launch path.
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

  private final CudaSession session;
  private final long timeoutNanos;
  private Pointer flags;
  private final KernelLaunch launch;

  /**
   * Maps the flags and binds the kernel, then blocks and releases the stream once so that the kernel is loaded.
   *
   * @param session the session whose timed stream it holds
   * @param timeoutNanos how long the kernel holds the stream at most
   */
  StreamBlocker(CudaSession session, long timeoutNanos) {
    this.session = session;
    this.timeoutNanos = timeoutNanos;
    DeviceRuntime runtime = session.runtime();
    runtime.makeCurrent();
    CudaDriver cu = CudaLibs.cuda();
    String what = "the stream blocker's flags of " + session.spec().caseId();
    PointerByReference host = new PointerByReference();
    CudaLibs.check(cu.cuMemHostAlloc(host, 8, CudaDriver.CU_MEMHOSTALLOC_PORTABLE | CudaDriver.CU_MEMHOSTALLOC_DEVICEMAP),
        "cuMemHostAlloc", what);
    flags = host.getValue();
    try {
      flags.setInt(RELEASE, 0);
      flags.setInt(TIMED_OUT, 0);
      LongByReference device = new LongByReference();
      CudaLibs.check(cu.cuMemHostGetDevicePointer_v2(device, flags, 0), "cuMemHostGetDevicePointer_v2", what);
      long d = device.getValue();
      Pointer f = runtime.function(runtime.module(SOURCE, "gpubench_blocker.cu"), KERNEL, "gpubench_blocker.cu");
      launch = new KernelLaunch(session, session.timedStream(), f, KERNEL, Dim3.of(1), Dim3.of(1), 0,
          new KernelArgs(session, KERNEL, d + RELEASE, d + TIMED_OUT, timeoutNanos));
      block();
      release();
      CudaLibs.check(CudaHot.cuStreamSynchronize(session.timedStream().handle()), "cuStreamSynchronize",
          "loading the stream blocker of " + session.spec().caseId());
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
