package io.gpubench.cuda;

/**
 * The CUDA C source of the kernels the session itself runs: storage conversions, the on-device comparison of an
 * output with its reference, and the content fingerprint. Compiled once per device with NVRTC. No headers: the
 * 16-bit and 8-bit float conversions are written out (PTX {@code cvt} for half, bit arithmetic for bf16 and e4m3),
 * so the source compiles wherever NVRTC does.
 */
final class BuiltinKernels {
  private BuiltinKernels() {}

  /** Storage codes shared with the kernels' {@code load}/{@code store} switches. */
  static int code(io.gpubench.api.Precision p) {
    switch (p) {
      case FP32:
      case TF32:
        return 0;
      case FP64:
        return 1;
      case FP16:
        return 2;
      case BF16:
        return 3;
      case FP8_E4M3:
        return 4;
      default:
        throw new IllegalArgumentException("no storage code for " + p);
    }
  }

  static final String SOURCE = String.join("\n",
      CudaSources.HALF_CONVERSIONS,
      "__device__ float e4m3f(u8 v) {",
      "  unsigned s = v >> 7, e = (v >> 3) & 15u, m = v & 7u;",
      "  if (e == 15u && m == 7u) return __int_as_float(0x7fc00000);",
      "  float r = e == 0u ? m * 0.001953125f : (1.0f + m * 0.125f) * exp2f((float) ((int) e - 7));",
      "  return s ? -r : r;",
      "}",
      "__device__ u8 f2e4m3(float f) {",
      "  if (isnan(f)) return (u8) 0x7f;",
      "  u8 s = f < 0.0f ? (u8) 0x80 : (u8) 0;",
      "  float a = fabsf(f);",
      "  if (a >= 464.0f) return s | (u8) 0x7e;",
      "  if (a < 0.015625f) { int m = __float2int_rn(a * 512.0f); return s | (u8) m; }",
      "  int e; float fr = frexpf(a, &e);",
      "  int m = __float2int_rn((2.0f * fr - 1.0f) * 8.0f); int E = e + 6;",
      "  if (m == 8) { m = 0; E++; }",
      "  if (E > 15 || (E == 15 && m == 7)) return s | (u8) 0x7e;",
      "  return s | (u8) (E << 3) | (u8) m;",
      "}",
      "__device__ __forceinline__ double load(const void* p, int t, u64 i) {",
      "  switch (t) {",
      "    case 0: return (double) ((const float*) p)[i];",
      "    case 1: return ((const double*) p)[i];",
      "    case 2: return (double) h2f(((const u16*) p)[i]);",
      "    case 3: return (double) b2f(((const u16*) p)[i]);",
      "    default: return (double) e4m3f(((const u8*) p)[i]);",
      "  }",
      "}",
      "__device__ __forceinline__ void store(void* p, int t, u64 i, float v) {",
      "  switch (t) {",
      "    case 0: ((float*) p)[i] = v; break;",
      "    case 1: ((double*) p)[i] = (double) v; break;",
      "    case 2: ((u16*) p)[i] = f2h(v); break;",
      "    case 3: ((u16*) p)[i] = f2b(v); break;",
      "    default: ((u8*) p)[i] = f2e4m3(v); break;",
      "  }",
      "}",
      "extern \"C\" __global__ void gb_from_f32(const float* src, void* dst, int t, u64 n) {",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x)",
      "    store(dst, t, i, src[i]);",
      "}",
      "extern \"C\" __global__ void gb_to_f32(const void* src, int t, float* dst, u64 n) {",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x)",
      "    dst[i] = (float) load(src, t, i);",
      "}",
      // sums[0] = sum d^2, sums[1] = sum ref^2; counts[0] = non-finite outputs, counts[1] = compared; maxBits = max|d|
      "extern \"C\" __global__ void __launch_bounds__(256) gb_compare(const void* a, int ta, const void* b, int tb,",
      "    u64 n, double* sums, u64* counts, u64* maxBits) {",
      "  __shared__ double sd[256], sr[256], sm[256]; __shared__ u64 cn[256], cc[256];",
      "  double ssd = 0.0, ssr = 0.0, mx = 0.0; u64 nf = 0, cmp = 0;",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x) {",
      "    double x = load(a, ta, i), y = load(b, tb, i);",
      "    bool fx = isfinite(x), fy = isfinite(y);",
      "    if (!fx) nf++;",
      "    if (fx && fy) { double d = x - y; ssd += d * d; ssr += y * y; mx = fmax(mx, fabs(d)); cmp++; }",
      "  }",
      "  int t = threadIdx.x; sd[t] = ssd; sr[t] = ssr; sm[t] = mx; cn[t] = nf; cc[t] = cmp;",
      "  __syncthreads();",
      "  for (int s = blockDim.x / 2; s > 0; s >>= 1) {",
      "    if (t < s) { sd[t] += sd[t + s]; sr[t] += sr[t + s]; sm[t] = fmax(sm[t], sm[t + s]);",
      "                 cn[t] += cn[t + s]; cc[t] += cc[t + s]; }",
      "    __syncthreads();",
      "  }",
      "  if (t == 0) {",
      "    atomicAdd(&sums[0], sd[0]); atomicAdd(&sums[1], sr[0]);",
      "    atomicAdd(&counts[0], cn[0]); atomicAdd(&counts[1], cc[0]);",
      "    atomicMax(maxBits, (u64) __double_as_longlong(sm[0]));",
      "  }",
      "}",
      // dst[cols, rows] = src[rows, cols]^T for 1-byte elements (FP8); planning only, so one element per thread.
      "extern \"C\" __global__ void gb_transpose_u8(const u8* src, u8* dst, u64 rows, u64 cols) {",
      "  u64 n = rows * cols;",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x)",
      "    dst[(i % cols) * rows + i / cols] = src[i];",
      "}",
      "extern \"C\" __global__ void gb_flush(unsigned* buf, u64 words) {",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < words; i += (u64) gridDim.x * blockDim.x)",
      "    buf[i] += 1u;",
      "}",
      "__device__ __forceinline__ u64 mix(u64 x) {",
      "  x += 0x9E3779B97F4A7C15ull; x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;",
      "  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull; return x ^ (x >> 31);",
      "}",
      // Order-independent: the sum of a mix of (index, word), so blocks may add in any order.
      "extern \"C\" __global__ void __launch_bounds__(256) gb_fingerprint(const unsigned* w, u64 words,",
      "    const u8* tail, int tailBytes, u64* out) {",
      "  __shared__ u64 sh[256];",
      "  u64 h = 0;",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < words; i += (u64) gridDim.x * blockDim.x)",
      "    h += mix((i << 32) ^ (u64) w[i]);",
      "  if (blockIdx.x == 0 && threadIdx.x == 0)",
      "    for (int j = 0; j < tailBytes; j++) h += mix(((words + j) << 32) ^ 0x5bd1e995ull ^ (u64) tail[j]);",
      "  int t = threadIdx.x; sh[t] = h; __syncthreads();",
      "  for (int s = blockDim.x / 2; s > 0; s >>= 1) { if (t < s) sh[t] += sh[t + s]; __syncthreads(); }",
      "  if (t == 0) atomicAdd(out, sh[0]);",
      "}",
      "");
}
