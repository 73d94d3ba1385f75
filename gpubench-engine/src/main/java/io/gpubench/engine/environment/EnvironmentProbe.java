package io.gpubench.engine.environment;

import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import io.gpubench.engine.backend.cpu.CpuBackend;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** Reads the environment fingerprint of a run: host, OS, CPU, JVM, library versions, git revision. */
public final class EnvironmentProbe {

  private EnvironmentProbe() {}

  /**
   * Probes the environment.
   *
   * @param devices every backend found
   * @param configuration the configuration in force
   * @param libraries versions of libraries the run used beyond those found here (e.g. PyTorch, CUDA)
   * @return the fingerprint
   */
  public static Environment probe(List<DeviceInfo> devices, Map<String, String> configuration,
      Map<String, String> libraries) {
    Map<String, String> libs = new TreeMap<>(libraries);
    putVersion(libs, "junit-platform", org.junit.platform.engine.TestEngine.class);
    putVersion(libs, "jackson-databind", tools.jackson.databind.ObjectMapper.class);
    return new Environment(hostName(), System.getProperty("os.name") + " " + System.getProperty("os.version"),
        System.getProperty("os.arch"), CpuBackend.cpuModel(), Runtime.getRuntime().availableProcessors(),
        physicalMemory(), System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
            + System.getProperty("java.runtime.version"),
        gpubenchVersion(), GitRevision.of(Path.of("").toAbsolutePath()).orElse(null), libs, devices, configuration);
  }

  /**
   * The engine's version.
   *
   * @return the version, or {@code "unknown"}
   */
  public static String gpubenchVersion() {
    try (InputStream in = EnvironmentProbe.class.getResourceAsStream("/io/gpubench/engine/version.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version", "unknown");
      }
    } catch (IOException e) {
      // unknown
    }
    return "unknown";
  }

  private static void putVersion(Map<String, String> libs, String name, Class<?> type) {
    String v = type.getPackage() == null ? null : type.getPackage().getImplementationVersion();
    if (v != null) {
      libs.put(name, v);
    }
  }

  private static String hostName() {
    String env = System.getenv("HOSTNAME");
    if (env != null && !env.isBlank()) {
      return env;
    }
    try {
      return Files.readString(Path.of("/etc/hostname")).trim();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static Long physicalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return null;
  }
}
