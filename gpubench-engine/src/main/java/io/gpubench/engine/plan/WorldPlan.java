package io.gpubench.engine.plan;

import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.DevicePeaks;
import java.util.List;
import java.util.Optional;

/**
 * The world of a case that runs in ranks ({@code @Worlds}): how many, and the device of each rank.
 *
 * @param size the number of ranks
 * @param ranks the device of each rank, in rank order ({@code size} entries; the same one for every rank of a device
 *     the ranks share, as the CPU); fewer where the machine lacks devices and the case is skipped
 */
public record WorldPlan(int size, List<Backend> ranks) {

  /**
   * Copies the list.
   *
   * @param size size
   * @param ranks devices
   */
  public WorldPlan {
    ranks = List.copyOf(ranks);
  }

  /**
   * Whether the world has a device for every rank.
   *
   * @return true when it can run
   */
  public boolean complete() {
    return ranks.size() == size;
  }

  /**
   * The world's peak rates for the roofline, as rank 0's device gives them.
   *
   * @return the peaks, or empty when unknown
   */
  public Optional<DevicePeaks> peaks() {
    return ranks.isEmpty() || !complete() ? Optional.empty() : ranks.get(0).worldPeaks(ranks);
  }

  /**
   * The distinct devices of the world, for the locks of parallel execution and the retirement of workers.
   *
   * @return the devices, each once
   */
  public List<Backend> devices() {
    return ranks.stream().distinct().toList();
  }
}
