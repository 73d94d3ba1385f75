package io.gpubench.engine.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * The contention probe's quiet time on this machine, shared by every JVM that runs it: the quickest level (a JVM's
 * {@value CpuContention#QUIET_QUANTILE}-quantile) any of them found, kept in a small file in the temporary folder.
 *
 * <p>Why. A JVM's own quiet time is the level of the core during its life. On a virtual machine whose host shares the
 * core with another tenant, the core ran 1.6× slower in stretches that often outlasted a worker (one case, a second
 * or two): twelve JVMs started one after another found quiet times of 5.7 µs or 8.0–10.1 µs, and a worker born in a
 * slow stretch called all its trials quiet. Runs of unchanged code, all their trials "quiet", then differed by up to
 * 1.8×. Against the machine's level such a worker's trials are seen as contended, by how much.
 *
 * <p>The key is the CPU model, the JVM and the architecture, since the probe's speed depends on all three; a file
 * that cannot be read or written leaves each JVM its own quiet time (it is a calibration, never a result). The
 * temporary folder is cleared with the machine, so a level does not outlive the hardware it was measured on.
 */
final class MachineQuietTime {

  private static final String FILE = "gpubench-cpu-probe-" + System.getProperty("user.name", "user") + ".properties";

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
   * Joins this JVM's quiet time to the machine's and returns the quicker of the two.
   *
   * @param ownNanos this JVM's quiet time
   * @return the machine's quiet time, this JVM's included
   */
  synchronized double join(double ownNanos) {
    double known = read();
    if (!(ownNanos > 0)) {
      return known;
    }
    // A level far below any this JVM could reach is not a measurement (a stale or planted file): a shared core
    // slows the probe by 1.5 to 2.5 times, not ten.
    if (known > 0 && known * IMPLAUSIBLE < ownNanos) {
      known = Double.NaN;
    }
    if (!(known > 0) || ownNanos < known) {
      write(ownNanos);
      return ownNanos;
    }
    return known;
  }

  /**
   * The machine's quiet time as the file holds it.
   *
   * @return nanoseconds, or NaN where none is known
   */
  double read() {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
      String v = p.getProperty(key);
      return v == null ? Double.NaN : Double.parseDouble(v);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private void write(double nanos) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException | RuntimeException e) {
      // a new or unreadable file is replaced
    }
    p.setProperty(key, String.format(Locale.ROOT, "%.1f", nanos));
    try {
      Path tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        p.store(out, "gpubench: the CPU contention probe's quickest quiet time per CPU, JVM and architecture");
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
