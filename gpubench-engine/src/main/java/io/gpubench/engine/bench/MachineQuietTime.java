package io.gpubench.engine.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The contention probe's quiet time on this machine, shared by every JVM that runs it: the typical level of the last
 * {@value #KEPT} JVMs (the median of their own levels, each a JVM's median sample), kept in a small file in the
 * temporary folder.
 *
 * <p>Why shared. A JVM's own level is the level of the core during its life. On a virtual machine whose host shares
 * the core with another tenant, the core ran 1.6× slower in stretches that often outlasted a worker (one case, a
 * second or two): twelve JVMs started one after another found quiet times of 5.7 µs or 8.0–10.1 µs, and a worker born
 * in a slow stretch called all its trials quiet. Against the machine's level such a worker's trials are seen as
 * contended, by how much.
 *
 * <p>Why the typical level and not the quickest. This file once kept the quickest level any JVM had found. On an AMD
 * EPYC virtual machine (2026-12-04), idle but for one C loop timing the same probe, the probe ran at 12.3 µs most of
 * the time and at 7.4 µs in bursts of a few milliseconds that slowed in steps of ~8% back to 12.3 µs (12% of samples
 * under 8 µs). Judged against the bursts, 13 to 22 of 25 cases of every run of the gate sample were flagged
 * contended "1.7–1.9× slower" on a machine doing nothing else, and the gate, setting flagged runs aside, compared the
 * few runs measured in bursts with the typical ones. A flag must mark a stretch slower than the machine usually is;
 * how fast the machine can be for a moment is not a level anybody's runs are measured at. The median of several
 * JVMs' levels is that typical level, and a JVM born in a slow stretch or in a burst moves it by one place.
 *
 * <p>The key is the CPU model, the JVM and the architecture, since the probe's speed depends on all three; a file
 * that cannot be read or written leaves each JVM its own level (it is a calibration, never a result). The temporary
 * folder is cleared with the machine, so a level does not outlive the hardware it was measured on.
 */
final class MachineQuietTime {

  private static final String FILE = "gpubench-cpu-levels-" + System.getProperty("user.name", "user") + ".properties";

  /** How many JVMs' levels the file keeps, the latest. */
  static final int KEPT = 15;

  // how many times quicker than this JVM's own level a stored level may be before it is taken for no measurement
  private static final double IMPLAUSIBLE = 10;

  private final Path file;
  private final String key;

  MachineQuietTime(Path file, String key) {
    this.file = file;
    this.key = key;
  }

  /**
   * The machine's file, keyed for this JVM.
   *
   * @return it
   */
  static MachineQuietTime ofThisMachine() {
    String key = String.join("|", cpuModel(), System.getProperty("java.vm.name", "?"),
        System.getProperty("java.vm.version", "?"), System.getProperty("os.arch", "?"));
    return new MachineQuietTime(Path.of(System.getProperty("java.io.tmpdir"), FILE), key);
  }

  /**
   * Adds this JVM's level to the machine's and returns the machine's typical level, this JVM's included.
   *
   * @param ownNanos this JVM's level
   * @return the median of the kept levels (the quicker of the middle two, for an even count), or NaN where none is
   *     known
   */
  synchronized double join(double ownNanos) {
    List<Double> levels = new ArrayList<>(levels());
    if (!(ownNanos > 0)) {
      return median(levels);
    }
    // A level far below any this JVM could reach is not a measurement (a stale or planted file): a shared core
    // slows the probe by 1.5 to 2.5 times, not ten.
    levels.removeIf(l -> l * IMPLAUSIBLE < ownNanos);
    levels.add(ownNanos);
    while (levels.size() > KEPT) {
      levels.remove(0);
    }
    write(levels);
    return median(levels);
  }

  /**
   * The machine's typical level as the file holds it.
   *
   * @return nanoseconds, or NaN where none is known
   */
  double read() {
    return median(levels());
  }

  private static double median(List<Double> levels) {
    if (levels.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = levels.stream().sorted().toList();
    return sorted.get((sorted.size() - 1) / 2);
  }

  // the kept levels, oldest first; a value that does not parse is no level
  private List<Double> levels() {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    String v = p.getProperty(key);
    List<Double> levels = new ArrayList<>();
    for (String part : v == null ? new String[0] : v.split(",")) {
      try {
        double d = Double.parseDouble(part.strip());
        if (d > 0) {
          levels.add(d);
        }
      } catch (NumberFormatException e) {
        // skipped
      }
    }
    return levels;
  }

  private void write(List<Double> levels) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException | RuntimeException e) {
      // a new or unreadable file is replaced
    }
    p.setProperty(key, levels.stream().map(l -> String.format(Locale.ROOT, "%.1f", l))
        .collect(Collectors.joining(",")));
    try {
      Path tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        p.store(out, "gpubench: the CPU contention probe's levels of the latest JVMs per CPU, JVM and architecture");
      }
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      // a folder that cannot be written leaves each JVM its own quiet time
    }
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: the JVM and architecture are the key
    }
    return System.getenv().getOrDefault("PROCESSOR_IDENTIFIER", "cpu");
  }
}
