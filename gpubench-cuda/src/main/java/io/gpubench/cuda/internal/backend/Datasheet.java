package io.gpubench.cuda.internal.backend;

import io.gpubench.api.Precision;
import io.gpubench.api.spi.DevicePeaks;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Dense peak rates (no structured sparsity) and memory bandwidth of known GPUs, from NVIDIA's datasheets, for the
 * roofline bound. FP64 is the tensor-core rate where the GPU has FP64 tensor cores, since the library GEMMs use
 * them. Datasheet figures are at the boost clock; what a GPU reaches is lower (on an H200, a bf16 8192³ GEMM
 * reaches about 80% of the figure), which the gap to the bound shows.
 */
public final class Datasheet {
  private Datasheet() {}

  /**
   * One product.
   *
   * @param match lower-case substrings that must all occur in the device name
   * @param label the product as the source names it
   * @param fp64 FP64 TFLOP/s
   * @param fp32 FP32 TFLOP/s
   * @param tf32 TF32 TFLOP/s
   * @param fp16 FP16 and BF16 TFLOP/s
   * @param fp8 FP8 TFLOP/s, or 0 where the GPU has none
   * @param bandwidthTBs memory bandwidth, TB/s
   */
  record Entry(List<String> match, String label, double fp64, double fp32, double tf32, double fp16, double fp8,
      double bandwidthTBs) {}

  // Most specific first: "h200 nvl" before "h200", "h100 pcie" before "h100".
  static final List<Entry> ENTRIES = List.of(
      new Entry(List.of("h200", "nvl"), "NVIDIA H200 NVL", 60, 60, 417.5, 835.5, 1671, 4.8),
      new Entry(List.of("h200"), "NVIDIA H200 SXM", 67, 67, 494.7, 989.4, 1978.9, 4.8),
      new Entry(List.of("h100", "nvl"), "NVIDIA H100 NVL", 60, 60, 417.5, 835.5, 1671, 3.9),
      new Entry(List.of("h100", "pcie"), "NVIDIA H100 PCIe", 51, 51, 378, 756, 1513, 2.0),
      new Entry(List.of("h100"), "NVIDIA H100 SXM", 67, 67, 494.7, 989.4, 1978.9, 3.35),
      new Entry(List.of("gh200"), "NVIDIA GH200", 67, 67, 494.7, 989.4, 1978.9, 4.0),
      new Entry(List.of("a100", "80gb"), "NVIDIA A100 80GB", 19.5, 19.5, 156, 312, 0, 2.039),
      new Entry(List.of("a100"), "NVIDIA A100 40GB", 19.5, 19.5, 156, 312, 0, 1.555),
      new Entry(List.of("l40s"), "NVIDIA L40S", 1.4, 91.6, 183, 362, 733, 0.864),
      new Entry(List.of("l4"), "NVIDIA L4", 0.5, 30.3, 60, 121, 242, 0.3),
      new Entry(List.of("a10"), "NVIDIA A10", 0.98, 31.2, 62.5, 125, 0, 0.6));

  /**
   * The peaks of a GPU by its name.
   *
   * @param deviceName the name, such as {@code NVIDIA H200}
   * @return the peaks, or empty for a GPU not in the table
   */
  public static Optional<DevicePeaks> lookup(String deviceName) {
    String n = deviceName.toLowerCase(Locale.ROOT);
    for (Entry e : ENTRIES) {
      if (e.match().stream().allMatch(n::contains)) {
        Map<Precision, Double> f = new java.util.EnumMap<>(Precision.class);
        f.put(Precision.FP64, e.fp64() * 1e12);
        f.put(Precision.FP32, e.fp32() * 1e12);
        f.put(Precision.TF32, e.tf32() * 1e12);
        f.put(Precision.FP16, e.fp16() * 1e12);
        f.put(Precision.BF16, e.fp16() * 1e12);
        if (e.fp8() > 0) {
          f.put(Precision.FP8_E4M3, e.fp8() * 1e12);
        }
        return Optional.of(new DevicePeaks(f, e.bandwidthTBs() * 1e12, "datasheet: " + e.label() + " (dense)"));
      }
    }
    return Optional.empty();
  }
}
