package io.gpubench.examples.worlds;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Tensor;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaKernel;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.nccl.Communicator;

/**
 * What the world examples share: the rank's CUDA session and communicator, each rank's own seeded input of an
 * all-reduce, and the reference of a sum over ranks, made on rank 0 from the same seeds.
 */
final class RankInputs {
  /** Device kernels of the examples: an FP64 accumulation, and column copies of any element size. */
  static final String KERNELS = String.join("\n",
      "typedef unsigned long long u64;",
      "__device__ __forceinline__ u64 at() { return blockIdx.x * (u64) blockDim.x + threadIdx.x; }",
      "__device__ __forceinline__ u64 stride() { return (u64) gridDim.x * blockDim.x; }",
      "extern \"C\" __global__ void add_f64(double* acc, const double* x, u64 n, int first) {",
      "  for (u64 i = at(); i < n; i += stride()) acc[i] = first ? x[i] : acc[i] + x[i];",
      "}",
      "template <typename T> __device__ void copy_columns(const T* src, T* dst, u64 rows, u64 cols, u64 width,",
      "    u64 col0) {",
      "  for (u64 t = at(); t < rows * width; t += stride()) dst[t] = src[(t / width) * cols + col0 + t % width];",
      "}",
      // dst[i][j] = src[i][col0 + j]: a block of columns of a row-major matrix, element size es bytes
      "extern \"C\" __global__ void columns(const void* src, void* dst, u64 rows, u64 cols, u64 width, u64 col0,",
      "    int es) {",
      "  if (es == 2) copy_columns((const unsigned short*) src, (unsigned short*) dst, rows, cols, width, col0);",
      "  else if (es == 4) copy_columns((const unsigned*) src, (unsigned*) dst, rows, cols, width, col0);",
      "  else copy_columns((const u64*) src, (u64*) dst, rows, cols, width, col0);",
      "}",
      "template <typename T> __device__ void interleave_blocks(const T* g, T* c, u64 ranks, u64 rows, u64 width) {",
      "  u64 block = rows * width;",
      "  for (u64 t = at(); t < ranks * block; t += stride()) {",
      "    u64 r = t / block, i = (t % block) / width, j = t % width;",
      "    c[i * ranks * width + r * width + j] = g[t];",
      "  }",
      "}",
      // c[i][r * width + j] = g[r][i][j]: the ranks' column blocks, gathered one after another, put side by side
      "extern \"C\" __global__ void interleave(const void* g, void* c, u64 ranks, u64 rows, u64 width, int es) {",
      "  if (es == 2) interleave_blocks((const unsigned short*) g, (unsigned short*) c, ranks, rows, width);",
      "  else if (es == 4) interleave_blocks((const unsigned*) g, (unsigned*) c, ranks, rows, width);",
      "  else interleave_blocks((const u64*) g, (u64*) c, ranks, rows, width);",
      "}");

  /** Blocks of a grid-stride launch: enough to fill an H200 many times over, never more than the work. */
  static Dim3 grid(long n) {
    return Dim3.of((int) Math.max(1, Math.min((n + 255) / 256, 132L * 32)));
  }

  private RankInputs() {}

  static Cuda cuda(BenchContext ctx) {
    return ctx.unwrap(Cuda.class)
        .orElseThrow(() -> new IllegalStateException("no CUDA session for backend " + ctx.backend()));
  }

  static Communicator communicator(BenchContext ctx) {
    return ctx.unwrap(Communicator.class)
        .orElseThrow(() -> new IllegalStateException("no communicator: the class must declare @Worlds"));
  }

  /** The elements of a buffer of {@code mib} MiB in the case's precision. */
  static long elements(BenchContext ctx) {
    return ctx.dims().getLong("mib") * 1048576 / ctx.precision().bytes();
  }

  /** Rank r's input of a sum over ranks: seeded by its name, so that rank 0 can make every rank's for the reference. */
  static Tensor input(BenchContext ctx, int rank, long n) {
    return ctx.random("x" + rank, n);
  }

  /**
   * The sum of every rank's input, in FP64 on rank 0's GPU: the one-GPU reference of an all-reduce. The inputs are
   * rounded to the case's precision, so the sum is exact (at most 8 terms of 8 or 24 significant bits).
   */
  static Tensor sumOfRanks(BenchContext ctx) {
    Cuda cuda = cuda(ctx);
    long n = elements(ctx);
    CudaKernel add = cuda.kernel(KERNELS, "add_f64");
    CudaTensor acc = cuda.allocate("sum of the ranks' inputs", ctx.referencePrecision(), n);
    for (int r = 0; r < ctx.worldSize(); r++) {
      CudaTensor x = cuda.tensor(input(ctx, r, n));
      add.launch(grid(n), Dim3.of(256), 0, acc, x, n, r == 0 ? 1 : 0);
    }
    return acc;
  }
}
