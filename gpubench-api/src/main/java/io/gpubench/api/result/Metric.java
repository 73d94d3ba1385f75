package io.gpubench.api.result;

import io.gpubench.api.Better;
import java.util.Objects;

/**
 * A figure a workload reports besides its timing ({@code BenchContext.metric}), with its unit and direction.
 *
 * @param value the value, finite
 * @param unit the unit as people write it, such as {@code samples/s} or {@code B}; empty for a count
 * @param better which way it improves
 */
public record Metric(double value, String unit, Better better) {

  /**
   * Checks the parts.
   *
   * @param value the value
   * @param unit the unit
   * @param better the direction
   * @throws IllegalArgumentException for a value that is not finite
   */
  public Metric {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("a metric's value must be finite, not " + value);
    }
    unit = unit == null ? "" : unit;
    Objects.requireNonNull(better, "better");
  }
}
