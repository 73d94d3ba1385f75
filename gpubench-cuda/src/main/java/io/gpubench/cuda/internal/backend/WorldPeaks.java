package io.gpubench.cuda.internal.backend;

import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.cuda.internal.telemetry.NvLink;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * A world's roofline peaks: each GPU's (datasheet or measured, as {@code gpubench.cuda.peaks} says) summed, and the
 * slowest NVLink between consecutive ranks as NVML reports it ({@link NvLink#toPeer}); no link term where a pair has
 * no NVLink or NVML cannot say.
 */
final class WorldPeaks {
  private WorldPeaks() {}

  /**
   * The peaks of a world.
   *
   * @param world the ranks' backends, in rank order
   * @param link the NVLink bandwidth from one rank's GPU to another's, empty where NVML cannot say
   * @return the summed peaks, or empty where a rank has none
   */
  static Optional<DevicePeaks> of(List<Backend> world,
      BiFunction<Backend, Backend, Optional<NvLink.PeerBandwidth>> link) {
    Map<Precision, Double> flops = null;
    double bandwidth = 0;
    for (Backend b : world) {
      Optional<DevicePeaks> p = b.peaks();
      if (p.isEmpty()) {
        return Optional.empty();
      }
      if (flops == null) {
        flops = new EnumMap<>(p.get().flopsPerSecond());
      } else {
        Map<Precision, Double> theirs = p.get().flopsPerSecond();
        flops.keySet().retainAll(theirs.keySet());
        flops.replaceAll((k, v) -> v + theirs.get(k));
      }
      bandwidth += p.get().bytesPerSecond();
    }
    if (flops == null) {
      return Optional.empty();
    }
    String source = world.size() + " x " + world.get(0).peaks().get().source();
    Double linkBytes = null;
    if (world.size() > 1) {
      NvLink.PeerBandwidth slowest = null;
      for (int r = 0; r < world.size() && world.size() > 1; r++) {
        Backend a = world.get(r);
        Backend b = world.get((r + 1) % world.size());
        Optional<NvLink.PeerBandwidth> bw = link.apply(a, b);
        if (bw.isEmpty()) {
          slowest = null;
          break;
        }
        if (slowest == null || bw.get().gbPerSecond() < slowest.gbPerSecond()) {
          slowest = bw.get();
        }
      }
      if (slowest != null) {
        linkBytes = slowest.gbPerSecond() * 1e9;
        source += "; link: " + slowest.source();
      } else {
        source += "; no NVLink figure between every pair of consecutive ranks";
      }
    }
    return Optional.of(new DevicePeaks(flops, bandwidth, source, linkBytes));
  }
}
