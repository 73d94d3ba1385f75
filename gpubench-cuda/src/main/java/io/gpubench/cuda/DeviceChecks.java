package io.gpubench.cuda;

import com.sun.jna.Memory;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * What the engine asks of a case's tensors on the device, so that a tensor never travels to the host: poisoning
 * with NaN, a fingerprint of its bytes, the comparison of an output with its reference (40 bytes come back), and the
 * L2 flush of cold mode. The built-in kernels ({@link BuiltinKernels}) do the work on the case's stream.
 */
final class DeviceChecks {
  private final CaseResources resources;
  private final CaseMemory memory;
  private final Memory host = new Memory(64);
  private final long scratch;
  private long flushBuffer;

  DeviceChecks(CaseResources resources, CaseMemory memory) {
    this.resources = resources;
    this.memory = memory;
    scratch = memory.raw(64, "scratch");
  }

  void poison(CudaTensor t) {
    int rc;
    switch (t.precision()) {
      case FP16:
      case BF16:
        rc = CudaHot.cuMemsetD16Async(t.address(), (short) 0x7ff8, t.size(), resources.stream().handle());
        break;
      case FP8_E4M3:
        rc = CudaHot.cuMemsetD8Async(t.address(), (byte) 0x7f, t.size(), resources.stream().handle());
        break;
      default:
        // 0x7ff87ff8 is a NaN as a float, and as each half of a double's bits
        rc = CudaHot.cuMemsetD32Async(t.address(), 0x7ff87ff8, t.bytes() / 4, resources.stream().handle());
        break;
    }
    CudaErrors.check(rc, "cuMemsetAsync", "poisoning " + t);
  }

  long fingerprint(CudaTensor t) {
    CudaErrors.check(CudaHot.cuMemsetD32Async(scratch, 0, 16, resources.stream().handle()), "cuMemsetD32Async");
    long words = t.bytes() / 4;
    int tail = (int) (t.bytes() % 4);
    resources.launch(resources.runtime().builtins().fingerprint, "gb_fingerprint", Math.max(words, 1), t.address(),
        words, t.address() + 4 * words, tail, scratch);
    resources.syncAll("fingerprinting " + t);
    CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoH_v2(host, scratch, 8), "cuMemcpyDtoH_v2");
    return host.getLong(0) ^ (t.bytes() * 0x9E3779B97F4A7C15L);
  }

  ErrorStats compare(CudaTensor a, CudaTensor e, double range) {
    if (a.size() != e.size()) {
      throw new IllegalArgumentException("cannot compare " + a + " (" + a.size() + " elements) with " + e + " ("
          + e.size() + " elements)");
    }
    long n = a.size();
    CudaErrors.check(CudaHot.cuMemsetD32Async(scratch, 0, 16, resources.stream().handle()), "cuMemsetD32Async");
    // scratch: [0] sum d^2, [8] sum ref^2, [16] non-finite, [24] compared, [32] max|d| bits
    resources.launch(resources.runtime().builtins().compare, "gb_compare", n, a.address(),
        BuiltinKernels.code(a.precision()), e.address(), BuiltinKernels.code(e.precision()), n, scratch, scratch + 16,
        scratch + 32);
    resources.syncAll("comparing " + a + " with " + e);
    CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoH_v2(host, scratch, 40), "cuMemcpyDtoH_v2");
    double ssd = host.getDouble(0);
    double ssr = host.getDouble(8);
    long nonFinite = host.getLong(16);
    long compared = host.getLong(24);
    double maxAbs = Double.longBitsToDouble(host.getLong(32));
    return ErrorStats.fromSums(compared, nonFinite, maxAbs, ssd, ssr, range);
  }

  /**
   * Twice the L2 size, read and written by a kernel: loads allocate lines, so what the last call left in L2 is
   * evicted (a memset alone did not slow the next call on an H200).
   */
  void flushCache() {
    long words = 2 * Math.max(resources.device().l2CacheBytes(), 1 << 20) / 4;
    if (flushBuffer == 0) {
      flushBuffer = memory.raw(4 * words, "the L2 flush buffer");
      CudaErrors.check(CudaHot.cuMemsetD32Async(flushBuffer, 0, words, resources.stream().handle()),
          "cuMemsetD32Async");
    }
    resources.launch(resources.runtime().builtins().flush, "gb_flush", words, flushBuffer, words);
    CudaErrors.check(CudaHot.cuStreamSynchronize(resources.stream().handle()), "cuStreamSynchronize", "flushing L2");
  }

  /** Frees the scratch and flush buffers, unchecked (the case is over). */
  void close() {
    if (flushBuffer != 0) {
      CudaLibs.cuda().cuMemFree_v2(flushBuffer);
    }
    CudaLibs.cuda().cuMemFree_v2(scratch);
  }
}
