package io.gpubench.engine.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Says what is known of a worker that died: its exit code or signal, the JVM's fatal-error file and the frame it
 * blames, the last lines of its output.
 */
final class ProcessDeath {
  /** The lines of a worker's output quoted in a failure. */
  static final int TAIL_LINES = 25;

  private static final Map<Integer, String> SIGNALS = Map.ofEntries(Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"),
      Map.entry(3, "SIGQUIT"), Map.entry(4, "SIGILL"), Map.entry(6, "SIGABRT"), Map.entry(7, "SIGBUS"),
      Map.entry(8, "SIGFPE"), Map.entry(9, "SIGKILL"), Map.entry(11, "SIGSEGV"), Map.entry(13, "SIGPIPE"),
      Map.entry(15, "SIGTERM"));

  private ProcessDeath() {}

  /**
   * An exit code as people read it: Java reports a process killed by signal N as 128 + N.
   *
   * @param code the exit code
   * @return {@code "code 3"} or {@code "code 134 (SIGABRT)"}
   */
  static String exitCode(int code) {
    if (code == io.gpubench.engine.memory.HeapWatch.EXIT_CODE) {
      return "code " + code + " (gpubench's heap watch stopped it: OutOfMemoryError, its heap was exhausted)";
    }
    if (code == io.gpubench.engine.memory.HeapWatch.THREAD_EXIT_CODE) {
      return "code " + code + " (gpubench's heap watch stopped it: one of its threads ended of an error)";
    }
    return "code " + code + signal(code).map(sig -> " (" + sig + ")").orElse("");
  }

  /**
   * The signal an exit code says the process died of: Java, like a shell, reports signal N as 128 + N.
   *
   * @param code the exit code
   * @return {@code SIGKILL} for 137; empty for an ordinary exit
   */
  static java.util.Optional<String> signal(int code) {
    return java.util.Optional.ofNullable(code > 128 ? SIGNALS.get(code - 128) : null);
  }

  /**
   * The description of a dead worker.
   *
   * @param code its exit code
   * @param pid its process id
   * @param errorFileDir the folder of its {@code hs_err_pid<pid>.log}
   * @param log its output
   * @return the text
   */
  static String describe(int code, long pid, Path errorFileDir, Path log) {
    StringBuilder sb = new StringBuilder("the worker process exited with " + exitCode(code));
    sb.append(fatalErrorReport(pid, errorFileDir));
    String tail = tail(log, TAIL_LINES);
    if (!tail.isBlank()) {
      sb.append("\n  last lines of its output (").append(log).append("):\n").append(indent(tail));
    }
    return sb.toString();
  }

  /**
   * The JVM's fatal-error report of a worker, where it wrote one, and the frame it blames.
   *
   * @param pid the worker's process id, or -1 where unknown
   * @param errorFileDir the folder of its {@code hs_err_pid<pid>.log}
   * @return {@code "; the JVM's fatal-error report is ..."}, or empty
   */
  static String fatalErrorReport(long pid, Path errorFileDir) {
    Path hsErr = errorFileDir.resolve("hs_err_pid" + pid + ".log");
    if (pid <= 0 || !Files.exists(hsErr)) {
      return "";
    }
    return "; the JVM's fatal-error report is " + hsErr
        + problematicFrame(hsErr).map(f -> "\n  problematic frame: " + f).orElse("");
  }

  static java.util.Optional<String> problematicFrame(Path hsErr) {
    try {
      List<String> lines = Files.readAllLines(hsErr, StandardCharsets.ISO_8859_1);
      for (int i = 0; i < lines.size() - 1; i++) {
        if (lines.get(i).startsWith("# Problematic frame:")) {
          return java.util.Optional.of(lines.get(i + 1).replaceFirst("^#\\s*", ""));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // the report is still named
    }
    return java.util.Optional.empty();
  }

  /**
   * The last lines of a file.
   *
   * @param file the file
   * @param n how many
   * @return them, or empty when the file cannot be read
   */
  static String tail(Path file, int n) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      List<String> last = new ArrayList<>(lines.subList(Math.max(0, lines.size() - n), lines.size()));
      return String.join("\n", last);
    } catch (IOException | UncheckedIOException e) {
      try {
        byte[] all = Files.readAllBytes(file);
        String s = new String(all, StandardCharsets.ISO_8859_1);
        return s.substring(Math.max(0, s.length() - 4000));
      } catch (IOException x) {
        return "";
      }
    }
  }

  private static String indent(String text) {
    return "    " + text.replace("\n", "\n    ");
  }
}
