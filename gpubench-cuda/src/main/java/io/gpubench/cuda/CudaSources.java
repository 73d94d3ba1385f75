package io.gpubench.cuda;

/**
 * CUDA C snippets to prepend to kernel sources compiled with {@link Cuda#kernel}. They need no toolkit
 * headers, so a kernel compiles wherever NVRTC does, also on machines with the driver and NVRTC but no CUDA
 * include folder.
 */
public final class CudaSources {
  private CudaSources() {}

  /**
   * Types {@code u16}, {@code u8}, {@code u64} and conversions between float and the 16-bit formats, as they are
   * stored in gpubench tensors: {@code h2f}/{@code f2h} (IEEE half, round to nearest even, through PTX
   * {@code cvt}) and {@code b2f}/{@code f2b} (bfloat16, round to nearest even).
   */
  public static final String HALF_CONVERSIONS = String.join("\n",
      "typedef unsigned short u16; typedef unsigned char u8; typedef unsigned long long u64;",
      "__device__ __forceinline__ float h2f(u16 h) { float f; asm(\"cvt.f32.f16 %0, %1;\" : \"=f\"(f) : \"h\"(h)); return f; }",
      "__device__ __forceinline__ u16 f2h(float f) { u16 h; asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(h) : \"f\"(f)); return h; }",
      "__device__ __forceinline__ float b2f(u16 b) { return __uint_as_float(((unsigned) b) << 16); }",
      "__device__ __forceinline__ u16 f2b(float f) {",
      "  unsigned u = __float_as_uint(f);",
      "  if ((u & 0x7fffffffu) > 0x7f800000u) return (u16) 0x7fc0;",
      "  u += 0x7fffu + ((u >> 16) & 1u);",
      "  return (u16) (u >> 16);",
      "}",
      "");
}
