package io.gpubench.maven.baseline;

import io.gpubench.api.result.Flag;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Words for the devices behind refused baseline cases, so that a refusal speaks of the device it is about: a CPU
 * case was once refused as "a throttled or shared GPU", and its reader went looking at a GPU the build never used.
 * It reads the refused cases' flag codes ({@link Flag#THROTTLED}, {@link Flag#SHARED}, {@link Flag#CONTENDED}), not
 * the labels written for people.
 */
public final class RefusedDevices {
  private RefusedDevices() {}

  /**
   * What the refused cases ran on.
   *
   * @param codes the flag codes of the refused cases' device states
   * @return such as "a throttled GPU or a contended CPU core"
   */
  public static String describe(Collection<String> codes) {
    List<String> kinds = new ArrayList<>();
    if (codes.contains(Flag.THROTTLED)) {
      kinds.add("a throttled GPU");
    }
    if (codes.contains(Flag.SHARED)) {
      kinds.add("a GPU shared with another process");
    }
    if (codes.contains(Flag.CONTENDED)) {
      kinds.add("a contended CPU core");
    }
    return kinds.isEmpty() ? "a device in an unknown state" : String.join(" or ", kinds);
  }

  /**
   * Where to rerun them.
   *
   * @param codes the flag codes of the refused cases' device states
   * @return such as "the GPU is quiet"
   */
  public static String remedy(Collection<String> codes) {
    boolean gpu = codes.contains(Flag.THROTTLED) || codes.contains(Flag.SHARED);
    boolean cpu = codes.contains(Flag.CONTENDED);
    return gpu && cpu ? "the GPU and the CPU are quiet" : cpu ? "nothing else loads the CPU" : "the GPU is quiet "
        + "(no other process on it, and cool)";
  }
}
