package io.gpubench.engine.roofline;

import io.gpubench.api.Precision;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.spi.DevicePeaks;
import java.util.Optional;

/**
 * Work rates of a case and its roofline bound: the time a call cannot beat on this device,
 * {@code max(flops / peak(precision), bytes / bandwidth)}, and the gap, the measured time over that bound.
 */
public final class Roofline {

  private Roofline() {}

  /**
   * Computes the figures of a case.
   *
   * @param flops FLOPs per call, or null
   * @param bytes bytes per call, or null
   * @param items items per call, or null
   * @param nanos the time of one call (the median)
   * @param precision the case's precision, to pick the compute peak
   * @param peaks the device's peaks, when known
   * @return the figures, or null when the case declares no cost
   */
  public static Throughput of(
      Double flops, Double bytes, Double items, double nanos, Precision precision, Optional<DevicePeaks> peaks) {
    if (flops == null && bytes == null && items == null) {
      return null;
    }
    double seconds = nanos * 1e-9;
    Double computeBound = null;
    Double memoryBound = null;
    String source = null;
    if (peaks.isPresent()) {
      DevicePeaks p = peaks.get();
      source = p.source();
      if (flops != null) {
        computeBound = p.flopsPerSecond(precision).map(peak -> flops / peak * 1e9).orElse(null);
      }
      if (bytes != null && p.bytesPerSecond() > 0) {
        memoryBound = bytes / p.bytesPerSecond() * 1e9;
      }
    }
    Double bound = null;
    String boundBy = null;
    if (computeBound != null && (memoryBound == null || computeBound >= memoryBound)) {
      bound = computeBound;
      boundBy = "compute";
    } else if (memoryBound != null) {
      bound = memoryBound;
      boundBy = "memory";
    }
    return new Throughput(
        items,
        items == null ? null : items / seconds,
        flops,
        bytes,
        flops == null ? null : flops / seconds,
        bytes == null ? null : bytes / seconds,
        bound,
        bound == null ? null : nanos / bound,
        boundBy,
        bound == null ? null : source);
  }
}
