package io.gpubench.api.spi;

/**
 * One rank's place in a world (see {@link io.gpubench.api.Worlds}), as the engine hands it to the backend session of
 * that rank: the backend joins the world's communicator when it opens the session.
 *
 * @param rank this rank, 0 to size - 1
 * @param size the number of ranks
 * @param worldId the world's id as rank 0's process made it ({@link Backend#newWorldId()}), the same for every rank;
 *     for NCCL the Base64 text of rank 0's {@code ncclUniqueId}
 * @param waitMillis how long the rank waits for its peers inside one step before it gives up on them and aborts its
 *     communicator; longer than the engine's own time limit of a step, so that a hung peer is found and named by
 *     the engine first
 */
public record WorldRank(int rank, int size, String worldId, long waitMillis) {

  /**
   * Checks the parts.
   *
   * @param rank rank
   * @param size size
   * @param worldId id
   * @param waitMillis wait
   */
  public WorldRank {
    if (size < 1 || rank < 0 || rank >= size) {
      throw new IllegalArgumentException("rank " + rank + " of a world of " + size + ": the rank must be 0 to "
          + (size - 1) + " and the size at least 1");
    }
    if (worldId == null || worldId.isBlank()) {
      throw new IllegalArgumentException("rank " + rank + " of " + size + " has no world id");
    }
  }
}
