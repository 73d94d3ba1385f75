package io.gpubench.results.compare;

import io.gpubench.api.BackendId;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import io.gpubench.results.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What makes two runs comparable. The key names the hardware (every available device by family and name, the CPU
 * model for the CPU backend), and one baseline file holds one entry per key. The details are the software that can
 * change on the same hardware and move the numbers: driver, CUDA and other versions the devices report, and the
 * library versions of the run.
 *
 * @param key the hardware, such as {@code cpu: AMD EPYC 7B13 + cuda: NVIDIA H200}
 * @param details software versions by name, such as {@code NVIDIA H200 driver -> 550.54.15}
 */
public record Fingerprint(String key, Map<String, String> details) {

  /**
   * Makes the fingerprint, copying the details in name order.
   *
   * @param key the hardware key
   * @param details the versions
   */
  public Fingerprint {
    details = java.util.Collections.unmodifiableMap(new TreeMap<>(details));
  }

  /**
   * Takes the fingerprint of a run's environment.
   *
   * @param env the environment
   * @return the fingerprint
   */
  public static Fingerprint of(Environment env) {
    TreeSet<String> devices = new TreeSet<>();
    Map<String, String> details = new TreeMap<>();
    for (DeviceInfo d : env.devices()) {
      if (!d.available()) {
        continue;
      }
      // The CPU backend's device name may be generic; the processor model is what tells machines apart.
      String name = BackendId.CPU.family().equals(d.family()) && env.cpu() != null ? env.cpu() : d.name();
      devices.add(d.family() + ": " + name);
      d.properties().forEach((k, v) -> {
        if (isVersion(k)) {
          details.put(name + " " + k, v);
        }
      });
    }
    if (devices.isEmpty()) {
      devices.add("cpu: " + env.cpu());
    }
    env.libraries().forEach((k, v) -> details.put("library " + k, v));
    return new Fingerprint(String.join(" + ", devices), details);
  }

  /**
   * The details that differ from another fingerprint's, each as {@code name: baseline -> current}. A name that only
   * one side has is not a difference: which libraries a run records depends on which workloads it ran.
   *
   * @param baseline the other (baseline) details
   * @return the differences, in name order; empty when the software matches
   */
  public List<String> differencesFrom(Map<String, String> baseline) {
    return differencesFrom(baseline, List.of());
  }

  /**
   * The details that differ from another fingerprint's, leaving out those the user declared irrelevant.
   *
   * @param baseline the other (baseline) details
   * @param ignored detail names to leave out, as {@link Glob}s ({@code library jackson*})
   * @return the differences, in name order
   */
  public List<String> differencesFrom(Map<String, String> baseline, List<String> ignored) {
    List<Glob> skip = ignored.stream().filter(s -> s != null && !s.isBlank()).map(Glob::of).toList();
    List<String> out = new ArrayList<>();
    for (String n : new TreeSet<>(baseline.keySet())) {
      if (skip.stream().anyMatch(g -> g.matches(n))) {
        continue;
      }
      String was = baseline.get(n);
      String now = details.get(n);
      if (now != null && !now.equals(was)) {
        out.add(n + ": " + was + " -> " + now);
      }
    }
    return out;
  }

  private static boolean isVersion(String property) {
    String p = property.toLowerCase(Locale.ROOT);
    return p.contains("driver") || p.contains("version") || p.contains("cuda") || p.contains("computecapability")
        || p.contains("compute_capability");
  }
}
