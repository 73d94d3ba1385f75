package io.gpubench.api.spi;

import io.gpubench.api.result.Telemetry;
import java.util.Optional;

/** Records device telemetry (clocks, power, temperature, throttling, other processes) while trials run. */
public interface TelemetryRecorder {

  /** A recorder for devices without telemetry. */
  TelemetryRecorder NONE = Optional::empty;

  /**
   * Stops recording and summarises what was seen.
   *
   * @return the summary, or empty where nothing was recorded
   */
  Optional<Telemetry> stop();
}
