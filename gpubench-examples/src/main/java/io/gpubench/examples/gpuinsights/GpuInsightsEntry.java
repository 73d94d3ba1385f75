package io.gpubench.examples.gpuinsights;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One entry of GPU-Insights' {@code benchmark-data.json} (metadata version 3.1): one model on one device, with the
 * FP32 and FP16 scores and their batch sizes. The checks are those of GPU-Insights' {@code manage-data.py}.
 *
 * @param model {@code cnn}, {@code resnet50}, {@code vit}, {@code unet} or {@code ddpm}
 * @param vendor {@code nvidia}, {@code amd}, {@code intel}, {@code apple}, {@code huawei}, {@code mthreads},
 *     {@code google} or {@code unknown}
 * @param architecture such as {@code Hopper} or {@code x86_64}
 * @param device the device's name
 * @param memory such as {@code 80GB}
 * @param platform operating system and driver, such as {@code Linux 6.8}
 * @param fp32 the FP32 score, or null when not measured
 * @param fp32bs the FP32 batch size, 0 when unknown
 * @param fp16 the FP16 score, or null when not measured
 * @param fp16bs the FP16 batch size, 0 when unknown
 * @param note free text: what ran
 * @param date {@code YYYY.M.D}
 * @param version {@code ver1} or {@code ver2}
 */
@JsonPropertyOrder({"model", "vendor", "architecture", "device", "memory", "platform", "fp32", "fp32bs", "fp16",
    "fp16bs", "note", "date", "version"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GpuInsightsEntry(
    String model,
    String vendor,
    String architecture,
    String device,
    String memory,
    String platform,
    Long fp32,
    int fp32bs,
    Long fp16,
    int fp16bs,
    String note,
    String date,
    String version) {

  /** The models GPU-Insights' table accepts. */
  public static final Set<String> MODELS = Set.of("resnet50", "cnn", "vit", "unet", "ddpm");
  /** The vendors GPU-Insights' table accepts. */
  public static final Set<String> VENDORS =
      Set.of("nvidia", "amd", "intel", "apple", "huawei", "mthreads", "google", "unknown");
  /** The result versions GPU-Insights' table accepts. */
  public static final Set<String> VERSIONS = Set.of("ver1", "ver2");

  private static final Pattern DATE = Pattern.compile("20\\d\\d\\.(1[0-2]|[1-9])\\.(3[01]|[12]\\d|0?[1-9])");

  /**
   * Checks the entry as GPU-Insights' data tool does.
   *
   * @throws IllegalArgumentException naming the field and value that it would reject
   */
  public GpuInsightsEntry {
    check(MODELS.contains(model), "model", model, MODELS);
    check(VENDORS.contains(vendor), "vendor", vendor, VENDORS);
    check(VERSIONS.contains(version), "version", version, VERSIONS);
    if (date == null || !DATE.matcher(date).matches()) {
      throw new IllegalArgumentException("GPU-Insights entry for " + model + ": date '" + date
          + "' is not in its YYYY.M.D form");
    }
    if (fp32bs < 0 || fp16bs < 0) {
      throw new IllegalArgumentException("GPU-Insights entry for " + model + ": negative batch size (fp32bs "
          + fp32bs + ", fp16bs " + fp16bs + ")");
    }
    for (String text : new String[] {architecture, device, memory, platform, note}) {
      if (text == null) {
        throw new IllegalArgumentException("GPU-Insights entry for " + model + ": " + "a text field is null "
            + "(architecture, device, memory, platform and note are required; use \"\" when unknown)");
      }
    }
  }

  private static void check(boolean ok, String field, String value, Set<String> allowed) {
    if (!ok) {
      throw new IllegalArgumentException(
          "GPU-Insights entry: " + field + " '" + value + "' is not one of " + new java.util.TreeSet<>(allowed));
    }
  }
}
