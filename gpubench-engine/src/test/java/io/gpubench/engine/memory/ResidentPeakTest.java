package io.gpubench.engine.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
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

  @Test
  void aLineIsLookedForWhereItWasAndFoundByAScanWhereItMoved() {
    byte[] before = "Name:\tjava\nFDSize:\t64\nVmHWM:\t    1000 kB\n".getBytes(StandardCharsets.US_ASCII);
    byte[] after = "Name:\tjava\nFDSize:\t128\nVmHWM:\t    2000 kB\n".getBytes(StandardCharsets.US_ASCII);
    byte[] key = "VmHWM:".getBytes(StandardCharsets.US_ASCII);

    int at = ResidentPeak.find(before, key, -1);
    assertThat(at).isEqualTo(22);
    assertThat(ResidentPeak.find(before, key, at)).isEqualTo(at);
    assertThat(ResidentPeak.find(after, key, at)).as("a count grew a digit: the line moved").isEqualTo(23);
    assertThat(ResidentPeak.find(after, key, 0)).as("a line's start, another key").isEqualTo(23);
    assertThat(ResidentPeak.find(after, key, 3)).as("not a line's start").isEqualTo(23);
    assertThat(ResidentPeak.find(after, key, 10_000)).as("past the end").isEqualTo(23);
    assertThat(ResidentPeak.find(after, "VmRSS:".getBytes(StandardCharsets.US_ASCII), 23)).isEqualTo(-1);
  }

  @Test
  void thePeakReadTwiceIsFoundBothTimes() {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "no /proc/self/status here (not Linux)");
    ResidentPeak peak = ResidentPeak.reset();
    Long first = peak.bytes();
    Long second = peak.bytes(); // from where the first reading found the line
    assertThat(first).isNotNull().isPositive();
    assertThat(second).isNotNull().isGreaterThanOrEqualTo(first);
  }
}
