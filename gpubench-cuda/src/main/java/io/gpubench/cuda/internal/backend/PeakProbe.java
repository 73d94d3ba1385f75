package io.gpubench.cuda.internal.backend;

import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.CudaKernel;
import io.gpubench.cuda.CudaSources;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.EventPair;
import io.gpubench.cuda.Matmul;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures a device's roofline peaks: the dense GEMM rate per precision the device supports and its memory
 * bandwidth. Each GEMM is one cuBLASLt product of {@value #GEMM_SIZE}³ (the heuristic's first algorithm, as
 * {@link Matmul} plans it) on random data (zeros draw less power and run faster than real data), warmed up with
 * {@value #WARMUP} calls, then timed call by call with CUDA events {@value #TIMED} times; the rate is {@code 2 n³}
 * over the fastest call (the burst rate, as a case of one call per trial sees it). The bandwidth is a
 * {@code cuMemcpyDtoDAsync} of 1 GiB (an eighth of the device memory where that is less), timed the same way,
 * counting the bytes read and the bytes written ({@code 2 x size}), as nvbench and PyTorch's copy figures do.
 *
 * <p>On an H200 the probe takes 1 to 2 seconds, most of it the FP32 and FP64 GEMMs (about 20 ms a call) and the
 * first cuBLASLt and NVRTC calls, then waits {@value #SETTLE_MILLIS} ms for the power reading to settle. A precision that fails (no algorithm, out of memory) is left out of the
 * result with its reason in the source text; the probe fails only when nothing could be measured.
 */
final class PeakProbe {
  static final int GEMM_SIZE = 8192;
  static final int WARMUP = 3;
  static final int TIMED = 10;
  static final long COPY_BYTES = 1L << 30;
  /**
   * The pause after the probe. Without it the next case's telemetry carried the probe's load on the H200: NVML's
   * power reading (an average over about a second) still showed 446 W and {@code sw_power_cap}, and a 70 µs case
   * right after the probe was marked throttled.
   */
  static final long SETTLE_MILLIS = 2000;

  /** The precisions measured, in order, where the device supports them. */
  static final List<Precision> PRECISIONS = List.of(Precision.FP64, Precision.FP32, Precision.TF32, Precision.FP16,
      Precision.BF16, Precision.FP8_E4M3);

  // Uniform values in [-1, 1) from a hash of the index, in the storage format of fillType: 0 f32, 1 f64, 2 f16,
  // 3 bf16, 4 e4m3 (random sign and mantissa, exponent field 0, 2, 4 or 6: finite, magnitudes below 1).
  static final String FILL_SOURCE = String.join("\n",
      CudaSources.HALF_CONVERSIONS,
      "extern \"C\" __global__ void gb_probe_fill(void* p, int t, u64 n, unsigned seed) {",
      "  for (u64 i = blockIdx.x * (u64) blockDim.x + threadIdx.x; i < n; i += (u64) gridDim.x * blockDim.x) {",
      "    unsigned h = (unsigned) i * 2654435761u ^ seed ^ (unsigned) (i >> 32) * 40503u;",
      "    h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;",
      "    float v = (float) (h >> 8) * (1.0f / 8388608.0f) - 1.0f;",
      "    switch (t) {",
      "      case 0: ((float*) p)[i] = v; break;",
      "      case 1: ((double*) p)[i] = (double) v; break;",
      "      case 2: ((u16*) p)[i] = f2h(v); break;",
      "      case 3: ((u16*) p)[i] = f2b(v); break;",
      "      default: ((u8*) p)[i] = (u8) (h & 0xb7u);",
      "    }",
      "  }",
      "}");

  private PeakProbe() {}

  /** The fill kernel's code for a storage format, as its switch reads it. */
  static int fillType(Precision storage) {
    switch (storage) {
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
        throw new IllegalArgumentException("the probe's fill kernel has no storage code for " + storage);
    }
  }

  /**
   * Measures the peaks of a backend's device in a session of its own, freed before returning.
   *
   * @param backend an available backend
   * @return the peaks, their source naming what was measured and what was not
   * @throws RuntimeException when nothing could be measured
   */
  static DevicePeaks measure(CudaBackend backend) {
    try {
      return measureNow(backend);
    } finally {
      settle();
    }
  }

  private static void settle() {
    try {
      Thread.sleep(SETTLE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static DevicePeaks measureNow(CudaBackend backend) {
    long started = System.nanoTime();
    Map<Precision, Double> rates = new EnumMap<>(Precision.class);
    List<String> skipped = new ArrayList<>();
    double bandwidth = 0;
    String copyNote;
    try (CudaBackendSession session = (CudaBackendSession) backend.open(
        new SessionSpec("gpubench peak probe on " + backend.id(), Precision.FP32, CacheMode.HOT, 1000))) {
      CaseResources s = session.resources();
      CudaKernel fill = s.kernel(FILL_SOURCE, "gb_probe_fill");
      for (Precision p : PRECISIONS) {
        if (backend.unsupported(p).isPresent()) {
          continue;
        }
        try {
          rates.put(p, gemmFlops(GEMM_SIZE) / (bestGemmMillis(s, fill, p) * 1e-3));
        } catch (RuntimeException e) {
          skipped.add(p + " (" + e.getMessage() + ")");
        }
      }
      long size = copySize(s.device().memoryBytes());
      try {
        bandwidth = copyBytes(size) / (bestCopyMillis(s, size) * 1e-3);
        copyNote = "device-to-device copy of " + gib(size) + " " + tb(bandwidth) + " TB/s (read + write counted)";
      } catch (RuntimeException e) {
        copyNote = "device-to-device copy of " + gib(size) + " failed (" + e.getMessage() + ")";
      }
    }
    if (rates.isEmpty() && bandwidth == 0) {
      throw new IllegalStateException("nothing could be measured: " + String.join("; ", skipped) + "; " + copyNote);
    }
    return new DevicePeaks(rates, bandwidth, source(rates, skipped, copyNote, System.nanoTime() - started));
  }

  private static double bestGemmMillis(CaseResources s, CudaKernel fill, Precision p) {
    long n = GEMM_SIZE;
    Precision storage = Matmul.storageOf(p);
    Precision out = p == Precision.FP8_E4M3 ? Precision.BF16 : storage;
    List<CudaTensor> made = new ArrayList<>();
    try {
      CudaTensor a = s.tensor(s.tensors().allocate("probe A", storage, n, n));
      made.add(a);
      CudaTensor b = s.tensor(s.tensors().allocate("probe B", storage, n, n));
      made.add(b);
      CudaTensor c = s.tensor(s.tensors().allocate("probe C", out, n, n));
      made.add(c);
      Dim3 grid = Dim3.of(Math.max(1, s.device().multiprocessors() * 8));
      fill.launch(grid, Dim3.of(256), 0, a, fillType(storage), n * n, 0x9e3779b9);
      fill.launch(grid, Dim3.of(256), 0, b, fillType(storage), n * n, 0x85ebca6b);
      // Planned after the fill: the FP8 plan copies B (transposed) when it is made.
      try (Matmul mm = s.matmul(p, a, b, c)) {
        return best(s, mm::run);
      }
    } finally {
      for (CudaTensor t : made) {
        s.free(t.address());
      }
    }
  }

  private static double bestCopyMillis(CaseResources s, long size) {
    long src = s.alloc(size, "probe copy source");
    try {
      long dst = s.alloc(size, "probe copy destination");
      try {
        CudaErrors.check(CudaHot.cuMemsetD8Async(src, (byte) 0x5a, size, s.stream().handle()), "cuMemsetD8Async",
            "probe copy source");
        return best(s, () -> CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoDAsync_v2(dst, src, size,
            s.stream().handle()), "cuMemcpyDtoDAsync_v2", "probe copy of " + size + " bytes"));
      } finally {
        s.free(dst);
      }
    } finally {
      s.free(src);
    }
  }

  /** The fastest of {@link #TIMED} calls after {@link #WARMUP}, each timed alone with CUDA events on the stream. */
  private static double best(CaseResources s, Runnable call) {
    double best = Double.MAX_VALUE;
    try (EventPair ev = s.eventPair()) {
      for (int i = 0; i < WARMUP; i++) {
        call.run();
      }
      for (int i = 0; i < TIMED; i++) {
        ev.start();
        call.run();
        best = Math.min(best, ev.stopMillis());
      }
    }
    if (!(best > 0) || best == Double.MAX_VALUE) {
      throw new IllegalStateException("CUDA events measured " + best + " ms");
    }
    return best;
  }

  /**
   * The floating-point operations of an {@code n}³ GEMM: a multiply and an add per term, {@code 2 n³}.
   *
   * @param n the size
   * @return the FLOPs
   */
  static double gemmFlops(long n) {
    return 2.0 * n * n * n;
  }

  /**
   * The bytes a device-to-device copy of {@code size} bytes moves through memory: each byte read once and written
   * once, as nvbench and PyTorch count a copy's bandwidth.
   *
   * @param size the bytes copied
   * @return the bytes moved
   */
  static double copyBytes(long size) {
    return 2.0 * size;
  }

  /**
   * The size of the probe's copy: 1 GiB, or an eighth of the device memory where that is less (two buffers).
   *
   * @param deviceMemory the device's memory in bytes
   * @return the bytes to copy, a multiple of 1 MiB
   */
  static long copySize(long deviceMemory) {
    return Math.max(1L << 20, Math.min(COPY_BYTES, deviceMemory / 8) >> 20 << 20);
  }

  static String source(Map<Precision, Double> rates, List<String> skipped, String copyNote, long nanos) {
    StringBuilder sb = new StringBuilder("measured: cuBLASLt ").append(GEMM_SIZE).append("³ GEMM, best of ")
        .append(TIMED).append(" after ").append(WARMUP).append(" warm-up, TFLOP/s");
    rates.forEach((p, r) -> sb.append(' ').append(p).append(' ').append(tb(r)));
    if (!skipped.isEmpty()) {
      sb.append(", not measured: ").append(String.join(", ", skipped));
    }
    sb.append("; ").append(copyNote);
    sb.append(String.format(Locale.ROOT, "; probe %.1f s", nanos * 1e-9));
    return sb.toString();
  }

  private static String tb(double perSecond) {
    return String.format(Locale.ROOT, "%.1f", perSecond * 1e-12);
  }

  private static String gib(long bytes) {
    return bytes % (1L << 30) == 0 ? (bytes >> 30) + " GiB" : (bytes >> 20) + " MiB";
  }
}
