package io.gpubench.engine.worker;

import java.util.Arrays;
import java.util.List;

/**
 * The engine's barrier of a world, outside the ranks' communicator: each rank's worker says it arrived (a
 * {@code barrier} frame during its step), and once every rank has, the engine releases them all. The kernel harness
 * of the seeds keeps its ranks in step the same way, with a barrier of its own beside NCCL.
 */
final class WorldBarrier {
  private final List<WorkerProcess> workers;
  private final boolean[] arrived;
  private int count;

  WorldBarrier(List<WorkerProcess> workers) {
    this.workers = List.copyOf(workers);
    this.arrived = new boolean[workers.size()];
  }

  /**
   * A rank arrived; the last one releases every rank.
   *
   * @param rank the rank
   * @throws IllegalStateException when the rank arrives twice at one barrier (it ran ahead of the others)
   */
  void arrive(int rank) {
    synchronized (this) {
      if (arrived[rank]) {
        throw new IllegalStateException("rank " + rank + " arrived twice at one barrier of its world");
      }
      arrived[rank] = true;
      if (++count < arrived.length) {
        return;
      }
      Arrays.fill(arrived, false);
      count = 0;
    }
    // No rank can arrive at the next barrier before it is released from this one, so releasing outside the lock
    // cannot mix two barriers.
    for (WorkerProcess w : workers) {
      w.tell(io.gpubench.engine.protocol.Control.RELEASE);
    }
  }
}
