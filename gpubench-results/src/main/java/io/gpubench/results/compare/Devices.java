package io.gpubench.results.compare;

import io.gpubench.api.BackendId;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;

/** Names the device a case ran on, from the run's environment, for labels and the leaderboard. */
public final class Devices {

  private Devices() {}

  /**
   * The device behind a backend id: the environment's device with that id, else the first available device of that
   * family; for the CPU backend without a named device, the processor model.
   *
   * @param env the run's environment, may be null
   * @param backend the case's backend id, such as {@code cuda:0} or {@code cpu}; may be null
   * @return a name, never null: the backend id where nothing better is known
   */
  public static String nameFor(Environment env, BackendId backend) {
    String id = backend == null ? "?" : backend.toString();
    if (env == null || backend == null) {
      return id;
    }
    String family = backend.family();
    DeviceInfo match = null;
    for (DeviceInfo d : env.devices()) {
      if (backend.equals(d.id())) {
        match = d;
        break;
      }
      if (match == null && family.equals(d.family()) && d.available()) {
        match = d;
      }
    }
    if (match != null && match.name() != null && !match.name().isBlank()) {
      return match.name();
    }
    if (BackendId.CPU.family().equals(family) && env.cpu() != null && !env.cpu().isBlank()) {
      return env.cpu();
    }
    return id;
  }

  /**
   * The main device of a run, for its label: the first available non-CPU device, else the processor.
   *
   * @param env the environment, may be null
   * @return the name, or {@code "unknown device"}
   */
  public static String mainDevice(Environment env) {
    if (env == null) {
      return "unknown device";
    }
    for (DeviceInfo d : env.devices()) {
      if (d.available() && !BackendId.CPU.family().equals(d.family()) && d.name() != null && !d.name().isBlank()) {
        return d.name();
      }
    }
    return env.cpu() == null || env.cpu().isBlank() ? "unknown device" : env.cpu();
  }
}
