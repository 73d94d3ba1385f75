package io.gpubench.api.spi;

import io.gpubench.api.Precision;
import java.util.Map;
import java.util.Optional;

/**
 * Peak rates of a device, for the roofline bound of a case: {@code max(flops / peak(precision), bytes /
 * bandwidth)}.
 *
 * @param flopsPerSecond dense peak per precision
 * @param bytesPerSecond peak device-memory bandwidth
 * @param source where the figures come from, such as {@code "datasheet: NVIDIA H200 SXM"} or
 *     {@code "measured: 8192^3 GEMM, 4 GiB copy"}
 */
public record DevicePeaks(Map<Precision, Double> flopsPerSecond, double bytesPerSecond, String source) {

  /**
   * Makes the peaks, copying the map.
   *
   * @param flopsPerSecond dense peak per precision
   * @param bytesPerSecond peak device-memory bandwidth
   * @param source where the figures come from
   */
  public DevicePeaks {
    flopsPerSecond = Map.copyOf(flopsPerSecond);
  }

  /**
   * The peak of one precision.
   *
   * @param precision the precision
   * @return the peak in FLOP/s, when known
   */
  public Optional<Double> flopsPerSecond(Precision precision) {
    return Optional.ofNullable(flopsPerSecond.get(precision));
  }
}
