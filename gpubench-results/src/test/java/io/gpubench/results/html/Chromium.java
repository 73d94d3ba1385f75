package io.gpubench.results.html;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A headless Chromium started for a test, reached over the DevTools protocol. Started with a fresh profile and
 * with every background network feature off, so the only traffic is what the page asks for.
 */
public final class Chromium implements AutoCloseable {

  private static final Pattern ENDPOINT = Pattern.compile("DevTools listening on (ws://\\S+)");
  private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "chrome");

  private final Process process;
  private final Path profile;
  private final DevTools devTools;
  private final List<String> stderr;

  private Chromium(Process process, Path profile, DevTools devTools, List<String> stderr) {
    this.process = process;
    this.profile = profile;
    this.devTools = devTools;
    this.stderr = stderr;
  }

  /**
   * Why no browser was found, for the skip message.
   *
   * @return the reason
   */
  public static String absenceReason() {
    String env = System.getenv("GPUBENCH_CHROMIUM");
    if (env != null && !env.isBlank()) {
      return "GPUBENCH_CHROMIUM=" + env + " is not an executable file";
    }
    return "no " + String.join(", ", NAMES) + " on the PATH and GPUBENCH_CHROMIUM unset: install Debian's chromium "
        + "to run the browser tests of the HTML report";
  }

  /**
   * The browser's executable: {@code $GPUBENCH_CHROMIUM} if set, else the first of the usual names on the PATH.
   *
   * @return the executable, or empty when there is none
   */
  public static Optional<Path> find() {
    String env = System.getenv("GPUBENCH_CHROMIUM");
    if (env != null && !env.isBlank()) {
      return Optional.of(Path.of(env)).filter(Files::isExecutable);
    }
    String path = System.getenv().getOrDefault("PATH", "");
    for (String name : NAMES) {
      for (String dir : path.split(File.pathSeparator)) {
        Path candidate = Path.of(dir, name);
        if (!dir.isEmpty() && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Starts the browser and connects to it.
   *
   * @param executable the browser
   * @return the running browser
   */
  public static Chromium start(Path executable) throws IOException {
    Path profile = Files.createTempDirectory("gpubench-chromium-");
    List<String> cmd = List.of(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions", "--mute-audio", "--remote-debugging-port=0",
        "--user-data-dir=" + profile, "about:blank");
    Process process = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    List<String> stderr = java.util.Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<String> endpoint = new CompletableFuture<>();
    // Keep draining stderr for the browser's whole life: a full pipe would block it.
    Thread drain = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          stderr.add(line);
          Matcher m = ENDPOINT.matcher(line);
          if (m.find()) {
            endpoint.complete(m.group(1));
          }
        }
      } catch (IOException e) {
        endpoint.completeExceptionally(e);
      }
      endpoint.completeExceptionally(new IllegalStateException("chromium exited before listening: " + stderr));
    }, "chromium-stderr");
    drain.setDaemon(true);
    drain.start();
    try {
      String ws = endpoint.orTimeout(60, TimeUnit.SECONDS).join();
      return new Chromium(process, profile, DevTools.connect(URI.create(ws)), stderr);
    } catch (RuntimeException e) {
      process.destroyForcibly();
      throw e;
    }
  }

  public DevTools devTools() {
    return devTools;
  }

  public List<String> stderr() {
    return List.copyOf(stderr);
  }

  @Override
  public void close() {
    try {
      devTools.close();
    } finally {
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      deleteTree(profile);
    }
  }

  /**
   * Deletes the profile. Chromium's helper processes may still write into it for a moment after the browser exits
   * (in CI a walk met a temporary file that vanished under it), so a walk that fails is tried again; a profile left
   * in the temporary folder after that is said, not a test failure.
   */
  private static void deleteTree(Path root) {
    for (int attempt = 1; attempt <= 5; attempt++) {
      try (Stream<Path> paths = Files.walk(root)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        if (!Files.exists(root)) {
          return;
        }
      } catch (IOException | UncheckedIOException e) {
        if (!Files.exists(root)) {
          return;
        }
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    System.err.println("the browser profile " + root + " could not be deleted: it stays in the temporary folder");
  }
}
