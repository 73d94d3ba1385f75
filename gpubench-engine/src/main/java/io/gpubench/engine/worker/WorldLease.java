package io.gpubench.engine.worker;

import io.gpubench.api.BackendId;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.RankChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The workers of a world lent to one case: one per rank, rank order, with the engine's barrier between them.
 */
public final class WorldLease {
  private final String key;
  private final Set<BackendId> devices;
  private final List<WorkerProcess> workers;
  private final WorldBarrier barrier;
  private final List<BackendId> rankIds;

  WorldLease(String key, Set<BackendId> devices, List<WorkerProcess> workers, List<BackendId> rankIds) {
    this.key = key;
    this.rankIds = List.copyOf(rankIds);
    this.devices = Set.copyOf(devices);
    this.workers = List.copyOf(workers);
    this.barrier = new WorldBarrier(workers);
  }

  String key() {
    return key;
  }

  Set<BackendId> devices() {
    return devices;
  }

  /**
   * Each rank's device as its worker sees it, rank order.
   *
   * @return the ids
   */
  public List<BackendId> rankIds() {
    return rankIds;
  }

  boolean usable() {
    return workers.stream().allMatch(WorkerProcess::usable);
  }

  /**
   * The ranks, with a time limit per step.
   *
   * @param stepTimeout the time limit of one step of a rank
   * @return the ranks in rank order
   */
  public List<RankChannel> ranks(Duration stepTimeout) {
    List<RankChannel> out = new ArrayList<>();
    for (int r = 0; r < workers.size(); r++) {
      int rank = r;
      WorkerProcess w = workers.get(r);
      CaseChannel steps = new WorkerChannel(w, stepTimeout, f -> barrier.arrive(rank));
      out.add(new RankChannel() {
        @Override
        public CaseChannel steps() {
          return steps;
        }

        @Override
        public void abort() {
          w.tell(io.gpubench.engine.protocol.Control.ABORT);
        }

        @Override
        public void stop() {
          w.kill();
        }

        @Override
        public long pid() {
          return w.pid();
        }
      });
    }
    return out;
  }

  /** Stops every rank's worker: a goodbye to a healthy one, the end to a lost one. */
  void close() {
    // every rank hears its goodbye before any is waited for: a Slurm step ends when all of its tasks have
    for (WorkerProcess w : workers) {
      w.sayGoodbye();
    }
    for (WorkerProcess w : workers) {
      w.close();
    }
  }
}
