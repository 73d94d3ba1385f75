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
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.Matmul;
import io.gpubench.cuda.nccl.Communicator;

/**
 * A column-parallel linear layer: row-major {@code C[m,n] = A[m,k] B[k,n]} with B's n columns split over the
 * ranks. Every rank holds all of A and its block of {@code n/w} columns of B, multiplies them with cuBLASLt into its
 * block of C, and all-gathers the blocks; rank 0 puts them side by side into C (an all-gather stacks the blocks one
 * after another, {@code [w][m][n/w]}, which is not C's row-major layout). The timed call is all three.
 *
 * <p>Rank 0's C is checked against a one-GPU reference: the whole product in FP64 on rank 0 from the same seeded A
 * and B (every rank makes the whole B from its seed and keeps its columns), with the allowances of the one-GPU GEMM
 * example. The roofline spreads the FLOPs over the world's GPUs and bounds the all-gather's bus bytes
 * ({@code (w-1)/w} of C) by the NVLink bandwidth.
 */
@GpuBenchmark(backends = "cuda")
@Worlds({1, 2, 4, 8})
@Shape("m=2048,n=4096,k=4096")
@Shape(profile = "full", value = {"m=2048,n=4096,k=4096", "m=8192,n=8192,k=8192"})
@Precisions({FP32, BF16})
@Cost(flops = "2*m*n*k", busBytes = "(w-1)/w * e*m*n")
@Tolerance(relL2 = 1e-5, precision = FP32)
@Tolerance(relL2 = 1e-2, precision = BF16)
@Trials(warmup = 3, min = 10, budgetSeconds = 2)
public class TensorParallelGemmBenchmark {
  private Matmul local;
  private Communicator comm;
  private CudaStream stream;
  private CudaTensor part;
  private CudaTensor gathered;
  private KernelLaunch assemble;

  @Setup
  void setup(BenchContext ctx) {
    Cuda cuda = RankInputs.cuda(ctx);
    int m = ctx.dim("m");
    int n = ctx.dim("n");
    int k = ctx.dim("k");
    int w = ctx.worldSize();
    if (n % w != 0) {
      ctx.skip("n=" + n + " does not split into " + w + " equal blocks of columns");
    }
    int width = n / w;
    comm = RankInputs.communicator(ctx);
    stream = cuda.stream();
    var p = ctx.precision();
    CudaTensor a = cuda.tensor(ctx.random("a", m, k));
    CudaTensor b = cuda.tensor(ctx.random("b", k, n));
    CudaTensor block = cuda.allocate("b, columns of rank " + ctx.rank(), p, k, width);
    cuda.kernel(RankInputs.KERNELS, "columns").launch(RankInputs.grid((long) k * width), Dim3.of(256), 0, b, block,
        (long) k, (long) n, (long) width, (long) ctx.rank() * width, p.bytes());
    part = cuda.allocate("c, columns of rank " + ctx.rank(), p, m, width);
    local = cuda.matmul(p, a, block, part);
    gathered = cuda.allocate("the ranks' blocks of c", p, (long) w * m * width);
    if (ctx.rank() == 0) {
      CudaTensor c = cuda.tensor(ctx.output("c", m, n));
      assemble = cuda.kernel(RankInputs.KERNELS, "interleave").bind(RankInputs.grid((long) m * n), Dim3.of(256), 0,
          gathered, c, (long) w, (long) m, (long) width, p.bytes());
    }
    cuda.synchronize();
  }

  @Measure
  void tpGemm() {
    local.run();
    comm.allGather(part, gathered, stream);
    if (assemble != null) {
      assemble.run();
    }
  }

  @Reference(precision = FP64)
  Tensor oneGpu(BenchContext ctx) {
    Cuda cuda = RankInputs.cuda(ctx);
    int m = ctx.dim("m");
    int n = ctx.dim("n");
    int k = ctx.dim("k");
    Tensor c = cuda.allocate("c on one GPU", ctx.referencePrecision(), m, n);
    cuda.matmul(ctx.referencePrecision(), ctx.random("a", m, k), ctx.random("b", k, n), c).run();
    return c;
  }
}
