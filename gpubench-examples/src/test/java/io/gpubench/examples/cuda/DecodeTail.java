package io.gpubench.examples.cuda;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Tensor;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaSources;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;

/**
 * The last stage of a video VAE decoder, in the style of the Wan2.2 decode bench: per pixel, normalise the
 * {@code C} channels (mean and variance over channels, then a per-channel scale and shift), apply SiLU, project
 * to RGB with a {@code 3 x C} matrix and squash to [-1, 1] with tanh. Input {@code x[C, H*W]} channel-major, output
 * {@code rgb[3, H*W]}.
 *
 * <p>Three implementations: the fused bf16 kernel the benchmark times (fp32 arithmetic, bf16 in and out); the
 * reference kernel (fp32 storage, fp64 arithmetic); and, on the host, {@link #bf16Reference} — the same op
 * computed as a bf16 framework would, rounding every intermediate tensor to bf16 — which calibrates the
 * allowance: a fused kernel may be off by a few times what a plain bf16 implementation is.
 */
final class DecodeTail {
  private DecodeTail() {}

  static final int THREADS = 128;

  /** The fused kernel: one thread per pixel, coalesced across pixels, two passes over the channels. */
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
      "    y0 += b2f(w[c]) * s; y1 += b2f(w[C + c]) * s; y2 += b2f(w[2 * C + c]) * s;",
      "  }",
      "  float k = rsqrtf((float) C);",
      "  out[p] = f2b(tanhf(y0 * k + b2f(bias[0])));",
      "  out[P + p] = f2b(tanhf(y1 * k + b2f(bias[1])));",
      "  out[2 * P + p] = f2b(tanhf(y2 * k + b2f(bias[2])));",
      "}",
      "extern \"C\" __global__ void decode_tail_ref(const float* x, const float* gamma, const float* beta,",
      "    const float* w, const float* bias, float* out, int C, int P) {",
      "  int p = blockIdx.x * blockDim.x + threadIdx.x;",
      "  if (p >= P) return;",
      "  double mean = 0.0, var = 0.0;",
      "  for (int c = 0; c < C; c++) mean += x[(size_t) c * P + p];",
      "  mean /= C;",
      "  for (int c = 0; c < C; c++) { double d = x[(size_t) c * P + p] - mean; var += d * d; }",
      "  double rs = 1.0 / sqrt(var / C + 1e-5);",
      "  double y[3] = {0.0, 0.0, 0.0};",
      "  for (int c = 0; c < C; c++) {",
      "    double v = (x[(size_t) c * P + p] - mean) * rs * gamma[c] + beta[c];",
      "    double s = v / (1.0 + exp(-v));",
      "    for (int o = 0; o < 3; o++) y[o] += (double) w[o * C + c] * s;",
      "  }",
      "  for (int o = 0; o < 3; o++) out[o * P + p] = (float) tanh(y[o] / sqrt((double) C) + bias[o]);",
      "}",
      "");

  /** The inputs and output of one case, with the launch bound. */
  record Bound(KernelLaunch launch, Tensor out) {}

  /**
   * Makes the inputs through the context (bf16 for the case, fp32 holding the same values for the reference) and
   * binds a kernel of {@code source} to them.
   */
  static Bound bind(BenchContext ctx, String source, String kernel) {
    Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
    int c = ctx.dim("c");
    int p = ctx.dim("h") * ctx.dim("w");
    Tensor x = ctx.random("x", c, p);
    Tensor gamma = ctx.random("gamma", c);
    Tensor beta = ctx.random("beta", c);
    Tensor w = ctx.random("w", 3, c);
    Tensor bias = ctx.random("bias", 3);
    Tensor out = ctx.output("rgb", 3, p);
    KernelLaunch l = cuda.kernel(source, kernel)
        .bind(Dim3.blocksFor(p, THREADS), Dim3.of(THREADS), 0, x, gamma, beta, w, bias, out, c, p);
    return new Bound(l, out);
  }

  // ---- host implementations, for the calibration of the allowance ----

  /** Rounds to the nearest bfloat16, ties to even, as the engine and the kernels do. */
  static float bf(double v) {
    int u = Float.floatToRawIntBits((float) v);
    if ((u & 0x7fffffff) > 0x7f800000) {
      return Float.NaN;
    }
    u += 0x7fff + ((u >>> 16) & 1);
    return Float.intBitsToFloat(u & 0xffff0000);
  }

  /** The op in fp64 on bf16-rounded inputs: what the reference kernel computes. */
  static double[] reference(float[] x, float[] gamma, float[] beta, float[] w, float[] bias, int c, int p) {
    double[] out = new double[3 * p];
    for (int i = 0; i < p; i++) {
      double mean = 0;
      for (int j = 0; j < c; j++) {
        mean += x[j * p + i];
      }
      mean /= c;
      double var = 0;
      for (int j = 0; j < c; j++) {
        double d = x[j * p + i] - mean;
        var += d * d;
      }
      double rs = 1 / Math.sqrt(var / c + 1e-5);
      double[] y = new double[3];
      for (int j = 0; j < c; j++) {
        double v = (x[j * p + i] - mean) * rs * gamma[j] + beta[j];
        double s = v / (1 + Math.exp(-v));
        for (int o = 0; o < 3; o++) {
          y[o] += w[o * c + j] * s;
        }
      }
      for (int o = 0; o < 3; o++) {
        out[o * p + i] = Math.tanh(y[o] / Math.sqrt(c) + bias[o]);
      }
    }
    return out;
  }

  /**
   * The op as a bf16 framework computes it, every intermediate tensor rounded to bf16 (reductions and the
   * projection accumulate in fp32, as PyTorch's bf16 kernels do).
   */
  static double[] bf16Reference(float[] x, float[] gamma, float[] beta, float[] w, float[] bias, int c, int p) {
    double[] out = new double[3 * p];
    float k = bf(1 / Math.sqrt(c));
    float[] s = new float[c];
    for (int i = 0; i < p; i++) {
      float sum = 0;
      for (int j = 0; j < c; j++) {
        sum += x[j * p + i];
      }
      float mean = bf(sum / c);
      float sq = 0;
      for (int j = 0; j < c; j++) {
        float d = bf(x[j * p + i] - mean);
        sq += d * d;
      }
      float var = bf(sq / c);
      float rs = bf(1 / Math.sqrt(bf(var + 1e-5f)));
      for (int j = 0; j < c; j++) {
        float d = bf(x[j * p + i] - mean);
        float v = bf(bf(bf(d * rs) * gamma[j]) + beta[j]);
        s[j] = bf(v / (1 + Math.exp(-v)));
      }
      for (int o = 0; o < 3; o++) {
        float acc = 0;
        for (int j = 0; j < c; j++) {
          acc += w[o * c + j] * s[j];
        }
        out[o * p + i] = bf(Math.tanh(bf(bf(bf(acc) * k) + bias[o])));
      }
    }
    return out;
  }
}
