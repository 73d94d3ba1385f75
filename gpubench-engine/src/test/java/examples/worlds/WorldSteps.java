package examples.worlds;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.api.Worlds;
import io.gpubench.api.spi.WorldRank;

/**
 * CPU "worlds" of 1, 2, 4 and 8 worker processes, the test double of the engine's coordination of ranks (no
 * communicator: the CPU has none). Each rank writes down who it is (pid, rank, size, the world's id) and, for each
 * timed call, a line "rank trial" to one log of the world; rank r sleeps (size - r) ms in each timed call, so that
 * without the engine's barrier around each trial the low ranks would fall behind the high ones and the log's trial
 * numbers would go back. Rank 0 doubles its input, the reference; the other ranks return NaN, which no check sees,
 * since only rank 0's output is checked.
 */
@GpuBenchmark(backends = "cpu")
@Worlds({1, 2, 4, 8})
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 2, min = 3, max = 3)
public class WorldSteps {
  static final int WARMUP_CALLS = 2;
  static final int TRIALS = 3;

  HostTensor x;
  int rank;
  int size;
  int calls;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    rank = ctx.rank();
    size = ctx.worldSize();
    WorldRank world = ctx.unwrap(WorldRank.class).orElseThrow(() -> new IllegalStateException("not in a world"));
    RankFiles.write("world-" + size + "-rank-" + rank + ".txt", ProcessHandle.current().pid() + " " + rank + " "
        + size + " " + world.size() + " " + world.worldId());
  }

  @Reference
  float[] reference() {
    return RankFiles.twice(x.floats());
  }

  @Measure
  float[] steps() {
    calls++;
    if (calls > WARMUP_CALLS && calls <= WARMUP_CALLS + TRIALS) {
      RankFiles.sleep(size - rank);
      RankFiles.append("world-" + size + "-trials.log", rank + " " + (calls - WARMUP_CALLS));
    }
    return rank == 0 ? RankFiles.twice(x.floats()) : RankFiles.nan(x.floats().length);
  }
}
