package io.gpubench.api.result;

import java.util.List;
import java.util.Map;

/**
 * The environment fingerprint of a run: enough to reproduce it and to tell whether two runs are comparable.
 *
 * @param host the host name
 * @param os operating system name and version
 * @param arch the processor architecture
 * @param cpu the processor model
 * @param cpuCores logical processors available to the JVM
 * @param memoryBytes physical memory, or null when unknown
 * @param jvm JVM vendor, name and version
 * @param gpubenchVersion the engine's version
 * @param gitRevision the git revision of the working directory, or null
 * @param libraries versions of the libraries in use (JUnit, DJL, PyTorch, CUDA, driver ...)
 * @param devices every backend found, available or not
 * @param configuration the {@code gpubench.} configuration in force
 */
public record Environment(
    String host,
    String os,
    String arch,
    String cpu,
    int cpuCores,
    Long memoryBytes,
    String jvm,
    String gpubenchVersion,
    String gitRevision,
    Map<String, String> libraries,
    List<DeviceInfo> devices,
    Map<String, String> configuration) {

  /**
   * Makes the fingerprint, copying collections.
   *
   * @param host the host name
   * @param os operating system
   * @param arch architecture
   * @param cpu processor model
   * @param cpuCores logical processors
   * @param memoryBytes physical memory
   * @param jvm the JVM
   * @param gpubenchVersion the engine's version
   * @param gitRevision the git revision
   * @param libraries library versions
   * @param devices the backends found
   * @param configuration the configuration
   */
  public Environment {
    libraries = Map.copyOf(libraries);
    devices = List.copyOf(devices);
    configuration = Map.copyOf(configuration);
  }
}
