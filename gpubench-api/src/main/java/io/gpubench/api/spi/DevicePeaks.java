package io.gpubench.api.spi;

import io.gpubench.api.Precision;
import java.util.Map;
import java.util.Optional;

/**
 * Peak rates of a device, or of a world of devices, for the roofline bound of a case:
 * {@code max(flops / peak(precision), bytes / bandwidth, busBytes / link)}.
 *
 * @param flopsPerSecond dense peak per precision
 * @param bytesPerSecond peak device-memory bandwidth
 * @param source where the figures come from, such as {@code "datasheet: NVIDIA H200 SXM"} or
 *     {@code "measured: 8192^3 GEMM, 4 GiB copy"}
 * @param linkBytesPerSecond the bandwidth, per direction, of the slowest link between consecutive ranks of a world
 *     (NVLink for GPUs), which a collective's bus bandwidth is compared with; null for one device or where unknown
 */
public record DevicePeaks(Map<Precision, Double> flopsPerSecond, double bytesPerSecond, String source,
    Double linkBytesPerSecond) {

  /**
   * Makes the peaks, copying the map.
   *
   * @param flopsPerSecond dense peak per precision
   * @param bytesPerSecond peak device-memory bandwidth
   * @param source where the figures come from
   * @param linkBytesPerSecond the slowest link of a world, or null
   */
  public DevicePeaks {
    flopsPerSecond = Map.copyOf(flopsPerSecond);
  }

  /**
   * The peaks of one device, without a link.
   *
   * @param flopsPerSecond dense peak per precision
   * @param bytesPerSecond peak device-memory bandwidth
   * @param source where the figures come from
   */
  public DevicePeaks(Map<Precision, Double> flopsPerSecond, double bytesPerSecond, String source) {
    this(flopsPerSecond, bytesPerSecond, source, null);
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
