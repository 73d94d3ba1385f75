package io.gpubench.examples.gpuinsights;

import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import java.util.Locale;
import java.util.Map;

/**
 * The device columns of a GPU-Insights entry, taken from a run's environment.
 *
 * @param vendor one of {@link GpuInsightsEntry#VENDORS}
 * @param architecture the architecture
 * @param device the device's name
 * @param memory its memory as the table writes it, such as {@code 24GB}
 * @param platform the operating system, and the driver for a GPU
 */
public record GpuInsightsHost(String vendor, String architecture, String device, String memory, String platform) {

  /**
   * The columns for a backend of a run: the processor for {@code cpu}, else the backend's device.
   *
   * @param environment the run's environment
   * @param backend the backend id, such as {@code cpu} or {@code cuda:0}
   * @return the columns
   * @throws IllegalArgumentException naming the backend when the environment does not list it
   */
  public static GpuInsightsHost of(Environment environment, String backend) {
    String os = platform(environment.os());
    if (backend.equals("cpu")) {
      return new GpuInsightsHost(vendor(environment.cpu()), environment.arch(), environment.cpu(),
          gigabytes(environment.memoryBytes()), os);
    }
    DeviceInfo info = environment.devices().stream()
        .filter(d -> d.id().toString().equals(backend))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("the run's environment lists no device " + backend
            + " (it lists " + environment.devices().stream().map(DeviceInfo::id).toList() + ")"));
    Map<String, String> p = info.properties();
    String driver = p.getOrDefault("driver", "");
    Long memory = p.containsKey("memoryBytes") ? Long.valueOf(p.get("memoryBytes")) : null;
    return new GpuInsightsHost(vendor(info.name()), p.getOrDefault("architecture", ""), info.name(),
        gigabytes(memory), driver.isEmpty() ? os : os.replaceAll(" .*", "") + " " + driver);
  }

  private static String vendor(String name) {
    String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
    if (n.contains("nvidia") || n.contains("tesla") || n.contains("geforce") || n.contains("quadro")) {
      return "nvidia";
    }
    if (n.contains("amd") || n.contains("radeon") || n.contains("epyc") || n.contains("ryzen")) {
      return "amd";
    }
    if (n.contains("intel") || n.contains("xeon")) {
      return "intel";
    }
    if (n.contains("apple")) {
      return "apple";
    }
    return "unknown";
  }

  /** "Linux 6.1.0-18-amd64" becomes "Linux 6.1", as the table writes kernels. */
  private static String platform(String os) {
    if (os == null) {
      return "";
    }
    return os.replaceFirst("^(\\S+) (\\d+)\\.(\\d+).*$", "$1 $2.$3");
  }

  private static String gigabytes(Long bytes) {
    // The table writes binary gigabytes: an 80 GiB H100 is "80GB", a 24 GiB RTX 4090 "24GB".
    return bytes == null ? "" : Math.round(bytes / (double) (1L << 30)) + "GB";
  }
}
