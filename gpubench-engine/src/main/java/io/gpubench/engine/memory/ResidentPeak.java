package io.gpubench.engine.memory;

import java.io.IOException;
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
    return read("VmHWM:");
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
    if (!Files.isReadable(STATUS)) {
      return null;
    }
    try {
      for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
        if (line.startsWith(key)) {
          // "VmHWM:\t  123456 kB": read once per case in a worker, so no regular expression (its code would still be
          // compiling, beside a later case's warm-up, hundreds of cases in)
          String rest = line.substring(key.length()).trim();
          int end = 0;
          while (end < rest.length() && Character.isDigit(rest.charAt(end))) {
            end++;
          }
          long value = Long.parseLong(rest.substring(0, end));
          return rest.substring(end).trim().equalsIgnoreCase("kB") ? value * 1024 : value;
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return null;
  }
}
