package io.gpubench.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a device times the trials of a case, on backends with a device timer (CUDA). A pair of events around plain
 * launches times the launch path too: on an H200 a 1024³ FP16 GEMM that runs in 5.4 µs reads 17 µs that way. The
 * other modes keep the launch path out of the timed region.
 *
 * <pre>{@code
 * @Trials(deviceTiming = DeviceTiming.GRAPH)   // or, for a run: -Dgpubench.cuda.timing=graph
 * public class SmallGemmBenchmark { ... }
 * }</pre>
 *
 * <p>The results record the mode a case was timed in and why ({@code Timing.deviceTiming},
 * {@code Timing.deviceTimingReason}); outside {@link #EVENTS} they also keep the launch-inclusive figure apart
 * ({@code Timing.launchInclusive}). The CPU backend times on the host clock whatever is set.
 */
public enum DeviceTiming {
  /**
   * The backend picks by the length of a trial: {@link #GRAPH} for short trials (where it cannot capture the calls,
   * {@link #BLOCKED}; where they queue nothing on the case's stream, {@link #EVENTS}), {@link #EVENTS} for long ones,
   * where the launch path is a small part. The default; never recorded in results, which hold the mode it chose.
   */
  AUTO,
  /** Events recorded around plain launches: the launch-inclusive latency, as the host sees a call. */
  EVENTS,
  /**
   * The calls are queued behind a kernel that holds the stream until the host has queued all of them, and the start
   * event after it: the events bracket device work only (nvbench's method). The kernel gives up after a timeout, so
   * that a trial whose launches fill the launch queue, or a call that waits for the device, cannot deadlock.
   */
  BLOCKED,
  /**
   * The calls of one trial are captured once into a CUDA graph and replayed, one launch per trial, behind the same
   * blocking kernel. A call that synchronises, allocates, copies to the host or works on another stream cannot be
   * captured; the case then fails with the reason.
   */
  GRAPH;

  /**
   * Parses a mode's name, case-insensitively.
   *
   * @param value the name, such as {@code "graph"}
   * @return the mode
   * @throws IllegalArgumentException naming the value and the valid names when it is not one
   */
  public static DeviceTiming parse(String value) {
    String v = value.trim().toUpperCase(Locale.ROOT);
    for (DeviceTiming t : values()) {
      if (t.name().equals(v)) {
        return t;
      }
    }
    throw new IllegalArgumentException("'" + value + "' is not a device timing mode; valid: " + names());
  }

  /**
   * The valid names, as configuration takes them.
   *
   * @return {@code auto, events, blocked, graph}
   */
  public static String names() {
    return Arrays.stream(values()).map(t -> t.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
  }
}
