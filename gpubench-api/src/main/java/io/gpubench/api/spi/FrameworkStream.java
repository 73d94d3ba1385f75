package io.gpubench.api.spi;

/**
 * Where a framework that launches work on a device stream of its own queues a case's calls, so that the trial clock
 * times them there. A session offers it through {@link BackendSession#unwrap} (and so through
 * {@code BenchContext.unwrap}) where its device has streams: gpubench-cuda's sessions do.
 *
 * <p>Why: a CUDA session records its timing events on a stream of its own. DJL's PyTorch engine launches on the
 * device's legacy default stream instead, which that stream does not wait for, so events there bracket none of DJL's
 * work. gpubench-djl tells the session once, in set-up, and the clock made for the trials then records its events on
 * the framework's stream (and holds that stream, in blocked mode); the results name the stream in
 * {@code Timing.deviceClock}, e.g. {@code cuda-event@pytorch-default-stream}.
 *
 * <pre>{@code
 * ctx.unwrap(FrameworkStream.class).ifPresent(s -> s.timeOn(0L, "pytorch-default-stream"));  // in @Setup
 * }</pre>
 */
public interface FrameworkStream {

  /**
   * Times the case's trials on a stream of the framework's instead of the session's own. Call it before the trials
   * (in set-up); the clock keeps the stream it was made with.
   *
   * @param stream the stream as the device's API takes it; {@code 0} is the legacy default stream of the device's
   *     primary context, where PyTorch works unless told otherwise
   * @param name a short name for the results, such as {@code pytorch-default-stream}: letters, digits and {@code -}
   * @throws IllegalArgumentException naming the value when the name is blank or has other characters
   */
  void timeOn(long stream, String name);
}
