package io.gpubench.maven.baseline;

import java.util.ArrayList;
import java.util.List;

/**
 * Words for the devices behind refused baseline cases, so that a refusal speaks of the device it is about: a CPU
 * case was once refused as "a throttled or shared GPU", and its reader went looking at a GPU the build never used.
 */
public final class RefusedDevices {
  private RefusedDevices() {}

  /**
   * What the refused cases ran on.
   *
   * @param refused the refused cases, each with its flag labels
   * @return such as "a throttled GPU or a contended CPU core"
   */
  public static String describe(List<String> refused) {
    List<String> kinds = new ArrayList<>();
    add(refused, "throttled", "a throttled GPU", kinds);
    add(refused, "shared GPU", "a GPU shared with another process", kinds);
    add(refused, "contended CPU", "a contended CPU core", kinds);
    return kinds.isEmpty() ? "a device in an unknown state" : String.join(" or ", kinds);
  }

  /**
   * Where to rerun them.
   *
   * @param refused the refused cases, each with its flag labels
   * @return such as "the GPU is quiet"
   */
  public static String remedy(List<String> refused) {
    boolean gpu = refused.stream().anyMatch(r -> r.contains("throttled") || r.contains("shared GPU"));
    boolean cpu = refused.stream().anyMatch(r -> r.contains("contended CPU"));
    return gpu && cpu ? "the GPU and the CPU are quiet" : cpu ? "nothing else loads the CPU" : "the GPU is quiet "
        + "(no other process on it, and cool)";
  }

  private static void add(List<String> refused, String label, String words, List<String> kinds) {
    if (refused.stream().anyMatch(r -> r.contains(label))) {
      kinds.add(words);
    }
  }
}
