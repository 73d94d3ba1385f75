package io.gpubench.examples.worlds;

import static io.gpubench.api.Precision.FP32;
import static io.gpubench.api.Precision.FP64;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.api.Worlds;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.nccl.Communicator;
import io.gpubench.cuda.nccl.ReduceOp;

/**
 * A world of two GPUs in which rank 1 hangs once the trials start (it sleeps instead of taking part in the
 * all-reduce, while rank 0 waits for it in NCCL), then a correct all-reduce: the first workload must fail at its time
 * limit (20 s a step here) naming rank 1, the second must pass in new workers. Kept out of the default run
 * ({@code gpubench.include=HangingRankBenchmark}); {@code gpubench-cuda/device/worlds-x2.sh} runs it.
 */
@GpuBenchmark(backends = "cuda", enabledByDefault = false)
@Worlds(2)
@Shape("mib=64")
@Precisions(FP32)
@Tolerance(maxAbs = 1e-5)
@Trials(warmup = 2, min = 3, max = 10)
@Fork(timeoutSeconds = 20)
public class HangingRankBenchmark {
  private Communicator comm;
  private CudaStream stream;
  private CudaTensor x;
  private CudaTensor y;
  private int rank;
  private int calls;

  @Setup
  void setup(BenchContext ctx) {
    Cuda cuda = RankInputs.cuda(ctx);
    comm = RankInputs.communicator(ctx);
    stream = cuda.stream();
    rank = ctx.rank();
    long n = RankInputs.elements(ctx);
    x = cuda.tensor(RankInputs.input(ctx, rank, n));
    y = cuda.tensor(ctx.output("y", n));
  }

  @Measure
  void aRankHangs() throws InterruptedException {
    if (rank == 1 && ++calls > 2) {
      Thread.sleep(Long.MAX_VALUE);
    }
    comm.allReduce(x, y, ReduceOp.SUM, stream);
  }

  @Measure
  void thenAllReduce() {
    comm.allReduce(x, y, ReduceOp.SUM, stream);
  }

  @Reference(precision = FP64)
  Tensor sum(BenchContext ctx) {
    return RankInputs.sumOfRanks(ctx);
  }
}
