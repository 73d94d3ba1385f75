package io.gpubench.api.spi;

import java.util.Optional;

/**
 * What a device offers an external profiler, so that a profile holds just what was asked for: a capture range (CUDA's
 * profiler API, {@code cuProfilerStart}/{@code cuProfilerStop}, which {@code nsys profile
 * --capture-range=cudaProfilerApi} and {@code ncu --profile-from-start off} follow) and named ranges on the
 * profiler's timeline (NVTX). A session offers them through {@code session.unwrap(ProfilerHooks.class)}; the engine
 * opens a range named after the case around its trials and its kernel audit, and a capture around the trials of the
 * cases a run selects ({@code gpubench.profiler.capture}). Without a profiler attached, both do nothing.
 *
 * <pre>{@code
 * try (ProfilerHooks.Range trials = hooks.range("GemmBenchmark#matmul[m=8192,...] trials");
 *      ProfilerHooks.Range capture = hooks.capture()) {
 *   ... the timed trials ...
 * }
 * }</pre>
 *
 * <p>Both act on the calling thread: close a range on the thread that opened it, in reverse order of opening.
 */
public interface ProfilerHooks {

  /** An open range or capture; {@link #close()} ends it. */
  interface Range extends AutoCloseable {

    /** Ends the range; never throws. */
    @Override
    void close();
  }

  /**
   * Starts a capture range on the calling thread's device.
   *
   * @return the capture, to close after the work to record
   * @throws RuntimeException naming the call and the device's error when the device refuses
   */
  Range capture();

  /**
   * Opens a named range on the calling thread, shown on the profiler's timeline above the device work it spans.
   *
   * @param name the range's name, such as the case's id and its phase
   * @return the range, to close when the phase ends; inert where {@link #rangesUnavailable()} says why
   */
  Range range(String name);

  /**
   * The profiler attached to this process, as far as the device can tell.
   *
   * @return such as {@code Nsight Systems (NSYS_PROFILING_SESSION_ID=3)}, or empty when none is seen
   */
  Optional<String> attachedProfiler();

  /**
   * Why named ranges go nowhere.
   *
   * @return the reason, such as the NVTX library that could not load, or empty where ranges reach a profiler
   */
  Optional<String> rangesUnavailable();
}
