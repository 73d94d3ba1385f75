package io.gpubench.engine.roofline;

import io.gpubench.api.Precision;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.spi.DevicePeaks;
import java.util.Optional;

/**
 * Work rates of a case and its roofline bound: the time a call cannot beat on this device (or world),
 * {@code max(flops / peak(precision), bytes / bandwidth, busBytes / link)}, and the gap, the measured time over that
 * bound.
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
    return of(flops, bytes, items, null, nanos, precision, peaks);
  }

  /**
   * Computes the figures of a case, a collective's bus bytes included: its bus bandwidth, and its link term of the
   * bound, {@code busBytes / link}. For a world, {@code peaks} are the world's (rates summed over its devices, and
   * its slowest link), so the FLOPs and bytes are spread over the world's devices.
   *
   * @param flops FLOPs per call, or null
   * @param bytes bytes per call, or null
   * @param items items per call, or null
   * @param busBytes bus bytes per call, as nccl-tests counts them, or null
   * @param nanos the time of one call (the median)
   * @param precision the case's precision, to pick the compute peak
   * @param peaks the device's or world's peaks, when known
   * @return the figures, or null when the case declares no cost
   */
  public static Throughput of(Double flops, Double bytes, Double items, Double busBytes, double nanos,
      Precision precision, Optional<DevicePeaks> peaks) {
    if (flops == null && bytes == null && items == null && busBytes == null) {
      return null;
    }
    Double linkBound = null;
    if (busBytes != null && busBytes > 0 && peaks.isPresent() && peaks.get().linkBytesPerSecond() != null
        && peaks.get().linkBytesPerSecond() > 0) {
      linkBound = busBytes / peaks.get().linkBytesPerSecond() * 1e9;
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
    if (linkBound != null && (bound == null || linkBound > bound)) {
      bound = linkBound;
      boundBy = "link";
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
        bound == null ? null : source,
        busBytes,
        busBytes == null ? null : busBytes / seconds);
  }
}
