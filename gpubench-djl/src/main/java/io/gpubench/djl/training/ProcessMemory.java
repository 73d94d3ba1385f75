package io.gpubench.djl.training;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The CPU's memory as this process sees it, on Linux: capacity is the smaller of physical memory and the cgroup's
 * limit; the peak is the process's high-water resident set ({@code VmHWM}), which writing {@code 5} to
 * {@code /proc/self/clear_refs} resets. It counts the JVM heap too, which is why auto batch size compares peaks
 * across batch sizes rather than reading one alone.
 */
final class ProcessMemory implements DeviceMemory {

  private final Path proc;
  private final Path cgroupLimit;

  ProcessMemory(Path proc, Path cgroupLimit) {
    this.proc = proc;
    this.cgroupLimit = cgroupLimit;
  }

  static ProcessMemory linux() {
    Path proc = Path.of("/proc");
    if (!Files.isReadable(proc.resolve("self/status"))) {
      throw new UnsupportedOperationException("the CPU's memory is read from Linux's /proc, which this system ("
          + System.getProperty("os.name") + ") does not have");
    }
    return new ProcessMemory(proc, Path.of("/sys/fs/cgroup/memory.max"));
  }

  @Override
  public long capacityBytes() {
    long physical = kilobytes(proc.resolve("meminfo"), "MemTotal:") * 1024;
    try {
      String limit = Files.readString(cgroupLimit, StandardCharsets.US_ASCII).trim();
      return limit.equals("max") ? physical : Math.min(physical, Long.parseLong(limit));
    } catch (IOException | NumberFormatException e) {
      return physical; // no cgroup v2 limit here
    }
  }

  @Override
  public void resetPeak() {
    try {
      Files.writeString(proc.resolve("self/clear_refs"), "5", StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UnsupportedOperationException(
          "cannot reset the peak resident memory through " + proc.resolve("self/clear_refs") + ": " + e, e);
    }
  }

  @Override
  public long peakBytes() {
    return kilobytes(proc.resolve("self/status"), "VmHWM:") * 1024;
  }

  private static long kilobytes(Path file, String key) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
      for (String line : lines) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
        }
      }
      throw new IllegalStateException("no " + key + " line in " + file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
