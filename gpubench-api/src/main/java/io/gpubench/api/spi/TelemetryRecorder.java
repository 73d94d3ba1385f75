package io.gpubench.api.spi;

import io.gpubench.api.result.Telemetry;
import java.util.Optional;

/**
 * Records device telemetry (clocks, power, temperature, throttling, other processes) while trials run: per trial
 * ({@link #during}), so that the engine can discard trials the device slowed down, and summarised at the end
 * ({@link #stop()}).
 */
public interface TelemetryRecorder {

  /** A recorder for devices without telemetry. */
  TelemetryRecorder NONE = Optional::empty;

  /**
   * What the device reported around one trial, while recording: the samples taken during it, and the last one
   * before it (a trial shorter than the sampling interval has none of its own). The engine asks after every trial
   * and discards one that ran throttled. A recorder that cannot tell returns empty, the default.
   *
   * @param startNanos the trial's start on {@link System#nanoTime()}
   * @param endNanos its end, on the same clock
   * @return the conditions, or empty where unknown
   */
  default Optional<TrialConditions> during(long startNanos, long endNanos) {
    return Optional.empty();
  }

  /**
   * Stops recording and summarises what was seen.
   *
   * @return the summary, or empty where nothing was recorded
   */
  Optional<Telemetry> stop();
}
