package io.gpubench.examples.worlds;

import static io.gpubench.api.Precision.BF16;
import static io.gpubench.api.Precision.FP32;
import static io.gpubench.api.Precision.FP64;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
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
 * NCCL's all-reduce (sum, out of place) of 1 MiB to 1 GiB in FP32 and BF16, at every world size the machine has the
 * GPUs for, reported as bus bandwidth the way nccl-tests reports it: {@code busBytes / time} with the all-reduce's
 * factor 2(w-1)/w, the figure comparable with the NVLink bandwidth between two GPUs (the roofline's link term);
 * world 1 moves nothing over a link and reports 0.
 *
 * <p>Each rank reduces an input of its own ({@code x0}, {@code x1}, ...: seeded inputs named by rank); rank 0's
 * output is checked against the sum of every rank's input, made on rank 0 in FP64 from the same seeds. The sum of
 * at most 8 inputs rounded to the case's precision is exact in FP64, so the allowance is the rounding of the
 * all-reduce's own partial sums: for BF16, at most 7 roundings of partial sums below 8 (half an ulp, 1/64 each);
 * for FP32 the same at 2^-21.
 *
 * <p>A trial is 20 all-reduces back to back, as nccl-tests and {@code torch.distributed} benchmarks time them
 * (device time on rank 0 between CUDA events, which the engine's barriers around a world's trial do not touch).
 */
@GpuBenchmark(backends = "cuda")
@Worlds({1, 2, 4, 8})
@Shape("mib=1|4|16|64|256|1024")
@Shape(profile = "full", value = "mib=1|2|4|8|16|32|64|128|256|512|1024")
@Precisions({FP32, BF16})
@Cost(busBytes = "2*(w-1)/w * mib*1048576")
@Tolerance(precision = FP32, maxAbs = 1e-5, relL2 = 1e-6)
@Tolerance(precision = BF16, maxAbs = 0.125, relL2 = 1e-2)
@Trials(warmup = 3, min = 5, max = 30, budgetSeconds = 1, callsPerTrial = 20)
public class AllReduceBenchmark {
  private Communicator comm;
  private CudaStream stream;
  private CudaTensor x;
  private CudaTensor y;

  @Setup
  void setup(BenchContext ctx) {
    Cuda cuda = RankInputs.cuda(ctx);
    comm = RankInputs.communicator(ctx);
    stream = cuda.stream();
    long n = RankInputs.elements(ctx);
    x = cuda.tensor(RankInputs.input(ctx, ctx.rank(), n));
    y = cuda.tensor(ctx.output("y", n));
  }

  @Measure
  void allreduce() {
    comm.allReduce(x, y, ReduceOp.SUM, stream);
  }

  @Reference(precision = FP64)
  Tensor sum(BenchContext ctx) {
    return RankInputs.sumOfRanks(ctx);
  }
}
