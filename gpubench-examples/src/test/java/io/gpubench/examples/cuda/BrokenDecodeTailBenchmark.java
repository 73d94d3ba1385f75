package io.gpubench.examples.cuda;

import static io.gpubench.api.Precision.BF16;
import static io.gpubench.api.Precision.FP32;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.cuda.CudaSources;
import io.gpubench.cuda.KernelLaunch;

/**
 * A deliberately broken version of {@link DecodeTailBenchmark}'s kernel, kept out of the default run: it reads
 * the {@code [3, C]} projection weight as if it were {@code [C, 3]}, a layout mix-up that compiles, runs as fast,
 * writes every output and keeps it inside [-1, 1], so only the comparison with the reference catches it: the case
 * fails with its max|d| and PSNR against the same allowance as the correct kernel. {@link BrokenKernelFailsTest} shows it; run it alone
 * with {@code gpubench.include=BrokenDecodeTailBenchmark}.
 */
@GpuBenchmark(backends = "cuda", enabledByDefault = false)
@Shape("c=96,h=176,w=312")
@Precisions(BF16)
@Tolerance(maxAbs = DecodeTailBenchmark.MAX_ABS, rms = DecodeTailBenchmark.RMS, psnrDb = DecodeTailBenchmark.PSNR_DB)
@Trials(warmup = 2, min = 5, max = 20, budgetSeconds = 1)
public class BrokenDecodeTailBenchmark {
  static final String SOURCE = CudaSources.HALF_CONVERSIONS + String.join("\n",
      "extern \"C\" __global__ void decode_tail_bf16(const u16* x, const u16* gamma, const u16* beta, const u16* w,",
      "    const u16* bias, u16* out, int C, int P) {",
      "  int p = blockIdx.x * blockDim.x + threadIdx.x;",
      "  if (p >= P) return;",
      "  float sum = 0.f, sq = 0.f;",
      "  for (int c = 0; c < C; c++) { float v = b2f(x[(size_t) c * P + p]); sum += v; sq += v * v; }",
      "  float mean = sum / C;",
      "  float rs = rsqrtf(fmaxf(sq / C - mean * mean, 0.f) + 1e-5f);",
      "  float y0 = 0.f, y1 = 0.f, y2 = 0.f;",
      "  for (int c = 0; c < C; c++) {",
      "    float v = (b2f(x[(size_t) c * P + p]) - mean) * rs * b2f(gamma[c]) + b2f(beta[c]);",
      "    float s = v / (1.f + __expf(-v));",
      "    // BUG: reads w as [C, 3] (channel-major) but it is [3, C]: a transposed weight",
      "    y0 += b2f(w[3 * c]) * s; y1 += b2f(w[3 * c + 1]) * s; y2 += b2f(w[3 * c + 2]) * s;",
      "  }",
      "  float k = rsqrtf((float) C);",
      "  out[p] = f2b(tanhf(y0 * k + b2f(bias[0])));",
      "  out[P + p] = f2b(tanhf(y1 * k + b2f(bias[1])));",
      "  out[2 * P + p] = f2b(tanhf(y2 * k + b2f(bias[2])));",
      "}",
      "");

  private KernelLaunch launch;

  @Setup
  void setup(BenchContext ctx) {
    launch = DecodeTail.bind(ctx, SOURCE, "decode_tail_bf16").launch();
  }

  @Measure
  void decode() {
    launch.run();
  }

  @Reference(precision = FP32)
  Tensor reference(BenchContext ctx) {
    DecodeTail.Bound b = DecodeTail.bind(ctx, DecodeTail.SOURCE, "decode_tail_ref");
    b.launch().run();
    return b.out();
  }
}
