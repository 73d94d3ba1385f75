package io.gpubench.cuda.internal.backend;

import io.gpubench.api.DeviceTiming;
import java.util.Locale;

/**
 * The rule {@link DeviceTiming#AUTO} follows, from one trial timed with events around plain launches (the probe,
 * an untimed warm-up trial): graph replay when a trial is short or the host cannot keep ahead of the device,
 * events otherwise.
 *
 * <p>Why 1 ms. The launch path (the host's launch reaching the device after the start event has run) is paid
 * once per event pair when the host keeps ahead of the device. On an H200 it is about 10 µs: a 1024³ FP16 GEMM
 * runs in 5.4 µs replayed from a CUDA graph (PyTorch 2.11) and reads 17.0 µs with one call per event pair
 * (gpubench: 14.9 µs), so 10–12 µs of the pair is launch path. Our trials stop at ±1% by default, and a bias the
 * size of the interval is not acceptable: at 1 ms the launch path is about 1% of a trial, and less for longer
 * ones. Above that, events around plain launches are what a user of the call sees and cost nothing extra (no
 * capture, no blocking kernel, no second launch-inclusive pass); below it the graph's figure is the device's.
 * nvbench takes the other side of the same trade: it always blocks the stream for its cold trials, whatever their
 * length.
 *
 * <p>Why the host's share. When the host needs longer to queue a trial's calls than the device needs to run them,
 * the device waits for every launch and the event pair times the host's launch rate, however long the trial. A
 * host that queues in at most half the device time keeps ahead of it.
 */
final class AutoTiming {
  /** Trials at least this long on the device (with events) are timed with events: the launch path is ~1% of them. */
  static final double EVENTS_FROM_NANOS = 1e6;

  /** The most host queueing time, as a share of the device time, for events to time the device rather than the host. */
  static final double HOST_SHARE = 0.5;

  private AutoTiming() {}

  /**
   * What AUTO chose, and why.
   *
   * @param mode {@link DeviceTiming#EVENTS} or {@link DeviceTiming#GRAPH}
   * @param reason the figures and the rule, for the results
   */
  record Choice(DeviceTiming mode, String reason) {}

  /**
   * Chooses from the probe trial.
   *
   * @param deviceNanos the probe's time between its events
   * @param queuedNanos the host's time to queue the probe's calls
   * @return the choice
   */
  static Choice choose(double deviceNanos, double queuedNanos) {
    String measured = "auto: a trial took " + duration(deviceNanos) + " between events around plain launches, and "
        + duration(queuedNanos) + " to queue";
    if (deviceNanos < EVENTS_FROM_NANOS) {
      return new Choice(DeviceTiming.GRAPH, measured + "; under " + duration(EVENTS_FROM_NANOS)
          + " the launch path (~10 µs on an H200) is over 1% of a trial, so its calls are replayed from a CUDA graph");
    }
    if (queuedNanos > HOST_SHARE * deviceNanos) {
      return new Choice(DeviceTiming.GRAPH, measured + "; a host that needs over half the device time to queue the"
          + " calls makes the device wait for its launches, so its calls are replayed from a CUDA graph");
    }
    return new Choice(DeviceTiming.EVENTS, measured + "; from " + duration(EVENTS_FROM_NANOS)
        + " on the launch path (~10 µs on an H200) is about 1% of a trial or less, so events around plain launches");
  }

  /**
   * What a trial is timed in on a stream CUDA cannot capture (the legacy default stream, where DJL works): graph
   * replay is impossible there. {@code AUTO}'s graph becomes blocked for a short trial; for a long one (chosen because
   * queueing took over half the device time) it becomes events, since a call that takes as long to queue as to run
   * most likely waits for the device itself (a training step ends in a host read), and no blocking kernel can hold a
   * stream the call waits for. A graph asked for fails.
   *
   * @param requested the mode asked for
   * @param chosen the mode the rule chose ({@code GRAPH}, {@code BLOCKED} or {@code EVENTS})
   * @param why the reason so far
   * @param probeNanos the probe trial's device time, NaN where there was none
   * @param stream the framework's name for the stream
   * @param caseId the case, for the message
   * @return the mode and its reason
   * @throws IllegalStateException when {@code GRAPH} was asked for
   */
  static Choice onUncapturableStream(DeviceTiming requested, DeviceTiming chosen, String why,
      double probeNanos, String stream, String caseId) {
    if (chosen != DeviceTiming.GRAPH) {
      return new Choice(chosen, why);
    }
    String legacy = stream + ", the device's legacy default stream, which CUDA cannot capture into a graph";
    if (requested == DeviceTiming.GRAPH) {
      throw new IllegalStateException("cannot time " + caseId + " in graph mode: its work is on " + legacy
          + "; time it with gpubench.cuda.timing=blocked (device work only) or events");
    }
    if (probeNanos >= EVENTS_FROM_NANOS) {
      return new Choice(DeviceTiming.EVENTS, why + "; but the case's work is on " + legacy + ", and a call"
          + " that takes as long to queue as to run most likely waits for the device itself, which no blocking"
          + " kernel can hold: events around plain launches on that stream");
    }
    return new Choice(DeviceTiming.BLOCKED, why + "; but the case's work is on " + legacy
        + ", so its calls are queued behind a blocking kernel on that stream instead");
  }

  /**
   * A duration with three significant digits in ns, µs, ms or s.
   *
   * @param nanos nanoseconds
   * @return such as {@code 17.0 µs}
   */
  static String duration(double nanos) {
    if (!Double.isFinite(nanos)) {
      return String.valueOf(nanos);
    }
    double a = Math.abs(nanos);
    if (a < 1e3) {
      return format(nanos, "ns");
    }
    if (a < 1e6) {
      return format(nanos / 1e3, "µs");
    }
    if (a < 1e9) {
      return format(nanos / 1e6, "ms");
    }
    return format(nanos / 1e9, "s");
  }

  private static String format(double v, String unit) {
    double a = Math.abs(v);
    String pattern = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.2f";
    return String.format(Locale.ROOT, pattern, v) + " " + unit;
  }
}
