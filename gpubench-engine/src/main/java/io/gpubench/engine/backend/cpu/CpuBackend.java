package io.gpubench.engine.backend.cpu;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.SessionSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The host processor: tensors in host memory, timed with the host's monotonic clock. It stores every precision
 * but TF32 and FP8, which are device math modes with nothing to emulate them here faithfully.
 */
public final class CpuBackend implements Backend {

  @Override
  public BackendId id() {
    return BackendId.CPU;
  }

  @Override
  public Optional<String> unavailableReason() {
    return Optional.empty();
  }

  @Override
  public DeviceInfo describe() {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("logicalProcessors", String.valueOf(Runtime.getRuntime().availableProcessors()));
    props.put("arch", System.getProperty("os.arch"));
    return new DeviceInfo(BackendId.CPU, cpuModel(), true, null, props);
  }

  @Override
  public Optional<String> unsupported(Precision precision) {
    switch (precision) {
      case TF32:
        return Optional.of("TF32 is a tensor-core math mode; the CPU backend has none");
      case FP8_E4M3:
        return Optional.of("FP8 is a tensor-core format; the CPU backend has none");
      default:
        return Optional.empty();
    }
  }

  /** The ranks of a world on the CPU are processes of the host, any number of them. */
  @Override
  public boolean ranksShareDevice() {
    return true;
  }

  /**
   * The CPU runs worlds of any size: the ranks are worker processes of the host, kept in step by the engine (a
   * barrier around each trial), with no communicator between them; what they exchange is theirs to arrange. It is
   * what CI runs the engine's coordination of ranks on.
   */
  @Override
  public Optional<String> worldUnsupported(int size) {
    return Optional.empty();
  }

  @Override
  public BackendSession open(SessionSpec spec) {
    return new CpuSession();
  }

  /**
   * The processor's model name, from {@code /proc/cpuinfo} where there is one.
   *
   * @return the model, or the architecture when unknown
   */
  public static String cpuModel() {
    try {
      Path info = Path.of("/proc/cpuinfo");
      if (Files.isReadable(info)) {
        for (String line : Files.readAllLines(info)) {
          if (line.startsWith("model name")) {
            return line.substring(line.indexOf(':') + 1).trim();
          }
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // Fall through: the model name is descriptive only.
    }
    return System.getProperty("os.arch");
  }
}
