package io.gpubench.engine.memory;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's peak resident set, from Linux's {@code /proc/self/status} ({@code VmHWM}), reset at a case's set-up
 * by writing {@code 5} to {@code /proc/self/clear_refs} (Linux 4.0 and later), so that the peak is the case's and not
 * the worker's since its start. Where the reset is refused the peak is the process's, and the source says so; where
 * there is no {@code /proc} there is no figure.
 */
public final class ResidentPeak {
  private static final Path STATUS = Path.of("/proc/self/status");
  private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

  private static final byte[] HWM = "VmHWM:".getBytes(StandardCharsets.US_ASCII);

  // Where VmHWM's line started at the last reading. The kernel writes the lines in one order and right-aligns the
  // figures before it, so the line stays where it was unless a count grows a digit; it is looked for there first and
  // the file scanned only where it moved. A byte-by-byte scan of the file's ~1.4 KB once a case was compiled by C2
  // three times over a run of 1,000 cases (58 ms in all), each time in a case's wait for the JIT. A stale
  // hint (another thread's) only costs a scan.
  private static volatile int hwmLine = -1;

  private final boolean reset;

  private ResidentPeak(boolean reset) {
    this.reset = reset;
  }

  /**
   * Resets the peak where Linux lets the process do so, and starts watching it.
   *
   * @return the watch
   */
  public static ResidentPeak reset() {
    boolean done = false;
    if (Files.isWritable(CLEAR_REFS)) {
      try {
        Files.writeString(CLEAR_REFS, "5", StandardCharsets.US_ASCII);
        done = true;
      } catch (IOException | RuntimeException e) {
        // an older kernel or a locked-down one: the peak is then the process's
      }
    }
    return new ResidentPeak(done);
  }

  /**
   * The peak resident set now.
   *
   * @return bytes, or null where the operating system does not say
   */
  public Long bytes() {
    byte[] text = status();
    if (text == null) {
      return null;
    }
    int line = find(text, HWM, hwmLine);
    if (line < 0) {
      return null;
    }
    hwmLine = line;
    return value(text, line + HWM.length);
  }

  /**
   * Where {@link #bytes()} came from.
   *
   * @return the source, for results.json
   */
  public String source() {
    return reset ? "/proc/self/status VmHWM, reset through /proc/self/clear_refs at the case's set-up"
        : "/proc/self/status VmHWM, the process's peak since it started (the reset through /proc/self/clear_refs was"
            + " refused)";
  }

  /**
   * A figure of {@code /proc/self/status} in bytes.
   *
   * @param key the line's key with its colon, such as {@code VmRSS:}
   * @return bytes, or null where there is no such line
   */
  static Long read(String key) {
    byte[] text = status();
    byte[] k = key.getBytes(StandardCharsets.US_ASCII);
    int line = text == null ? -1 : find(text, k, -1);
    return line < 0 ? null : value(text, line + k.length);
  }

  /** The file's bytes, read in place: no lines, no regular expression, little code to compile beside a warm-up. */
  private static byte[] status() {
    try (InputStream in = new FileInputStream(STATUS.toFile())) {
      return in.readNBytes(STATUS_BYTES);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Where the line of a key starts: at {@code hint} where a line with that key starts there, else wherever a scan of
   * the lines finds it.
   *
   * @param text the file's bytes
   * @param key the key with its colon
   * @param hint where the line started at the last reading, or -1
   * @return the line's offset, or -1 where no line has the key
   */
  static int find(byte[] text, byte[] key, int hint) {
    if (hint >= 0 && (hint == 0 || hint <= text.length && text[hint - 1] == '\n') && startsWith(text, hint, key)) {
      return hint;
    }
    for (int line = 0; line < text.length; ) {
      if (startsWith(text, line, key)) {
        return line;
      }
      while (line < text.length && text[line] != '\n') {
        line++;
      }
      line++;
    }
    return -1;
  }

  /** The figure after a key ("\t  123456 kB"), kB as bytes; null where there is no number. */
  private static Long value(byte[] text, int at) {
    int i = at;
    while (i < text.length && (text[i] == ' ' || text[i] == '\t')) {
      i++;
    }
    long value = 0;
    int digits = 0;
    while (i < text.length && text[i] >= '0' && text[i] <= '9') {
      value = value * 10 + (text[i++] - '0');
      digits++;
    }
    if (digits == 0) {
      return null;
    }
    while (i < text.length && text[i] == ' ') {
      i++;
    }
    boolean kb = i + 1 < text.length && (text[i] == 'k' || text[i] == 'K')
        && (text[i + 1] == 'B' || text[i + 1] == 'b');
    return kb ? value * 1024 : value;
  }

  private static boolean startsWith(byte[] text, int at, byte[] prefix) {
    if (at + prefix.length > text.length) {
      return false;
    }
    for (int j = 0; j < prefix.length; j++) {
      if (text[at + j] != prefix[j]) {
        return false;
      }
    }
    return true;
  }

  /** More than /proc/self/status holds (some 1.4 KB on Linux 6). */
  private static final int STATUS_BYTES = 16 * 1024;
}
