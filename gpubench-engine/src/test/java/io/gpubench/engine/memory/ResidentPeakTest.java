package io.gpubench.engine.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The figures of {@code /proc/self/status}, read by key from the file's bytes: counts as they are, kB as bytes. */
class ResidentPeakTest {

  @Test
  void readsAFigureByItsKeyCountsAsTheyAreAndKilobytesAsBytes() {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "no /proc/self/status here (not Linux)");
    assertThat(ResidentPeak.read("Tgid:")).as("a count, the first field after the key")
        .isEqualTo(ProcessHandle.current().pid());
    Long peak = ResidentPeak.read("VmHWM:");
    assertThat(peak).as("kB as bytes").isNotNull().isPositive();
    assertThat(peak % 1024).isZero();
    assertThat(peak).as("a JVM holds more than a megabyte").isGreaterThan(1L << 20);
    assertThat(ResidentPeak.read("VmHW:")).as("a key is matched whole, at a line's start").isNull();
    assertThat(ResidentPeak.read("NoSuchKey:")).isNull();
  }
}
