package io.gpubench.engine.worker;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The command line of a worker: the build JVM's own {@code java} and class path (what Surefire gave the engine,
 * or the URLs of the class loader the console launcher made for {@code --class-path}), its JVM arguments without
 * debugger agents (a second JVM cannot listen on the same port), then the run's and the class's. JMH's forks do the
 * same. The class path goes in an argument file, since it can be longer than a command line may be. Before them all
 * come the options that keep the worker's own bookkeeping in C1's code ({@link HarnessCompilation}).
 *
 * <p>The build JVM's system properties go to the workers too, in a file of their own ({@link WorkerProperties}):
 * Surefire sets a Maven {@code -Dkey=value} and {@code <systemPropertyVariables>} in its test JVM with
 * {@code System.setProperty}, not as JVM arguments, so a worker that inherited only the JVM arguments ran benchmark
 * code without them, and nothing said so.
 */
final class WorkerLaunch {
  /**
   * The workers' main class, by name: it sits at the engine's top ({@code io.gpubench.engine.Worker}), where the
   * runner of benchmark code is put together, and this layer may not reach up to it.
   */
  static final String MAIN_CLASS = "io.gpubench.engine.Worker";

  private final Path javaCommand;
  private final Path argFile;
  private final Path propertiesFile;
  private final List<String> inherited;

  private WorkerLaunch(Path javaCommand, Path argFile, Path propertiesFile, List<String> inherited) {
    this.javaCommand = javaCommand;
    this.argFile = argFile;
    this.propertiesFile = propertiesFile;
    this.inherited = inherited;
  }

  /**
   * The launch of this JVM's workers.
   *
   * @param dir the folder for the argument file
   * @param anchors classes whose code must be on the workers' class path (the engine's; benchmark classes)
   * @return the launch
   */
  static WorkerLaunch of(Path dir, Class<?>... anchors) {
    Set<String> path = new LinkedHashSet<>();
    for (String p : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!p.isBlank()) {
        path.add(p);
      }
    }
    // The console launcher (and IDEs) load the tests with a class loader of their own, and java.class.path then
    // holds the launcher alone: the loader's URLs are the class path the workers need.
    for (ClassLoader l = Thread.currentThread().getContextClassLoader(); l != null; l = l.getParent()) {
      if (l instanceof URLClassLoader u) {
        for (URL url : u.getURLs()) {
          try {
            path.add(Path.of(url.toURI()).toString());
          } catch (URISyntaxException | IllegalArgumentException e) {
            // not a file: a worker could not use it either
          }
        }
      }
    }
    for (Class<?> c : anchors) {
      location(c).ifPresent(path::add);
    }
    try {
      Files.createDirectories(dir);
      // Named for this JVM: Surefire's forkCount runs several engines at once over the same target folder, and one
      // fork deleting and re-creating the file another was writing failed that fork's run ("cannot write the
      // workers' system properties", the killed-run sample in CI once).
      long pid = ProcessHandle.current().pid();
      Path argFile = dir.resolve("worker-classpath-" + pid + ".args");
      Files.writeString(argFile, "-cp\n" + quote(String.join(File.pathSeparator, path)) + "\n", StandardCharsets.UTF_8);
      Path compilation = dir.resolve("worker-compilation-" + pid + ".json");
      List<String> inherited = new ArrayList<>(HarnessCompilation.options(compilation));
      for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
        if (!isDebugger(a) && !a.startsWith("-XX:ErrorFile")) {
          inherited.add(a);
        }
      }
      Path properties = WorkerProperties.write(dir.resolve("worker-system-" + pid + ".properties"),
          System.getProperties());
      argFile.toFile().deleteOnExit();
      compilation.toFile().deleteOnExit();
      properties.toFile().deleteOnExit();
      return new WorkerLaunch(Path.of(System.getProperty("java.home"), "bin", "java"), argFile, properties,
          inherited);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the workers' class path into " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Adds a class's code location (a jar or a classes folder) when the class path lacks it, as under class loaders
   * that do not show in {@code java.class.path}.
   *
   * @param type a benchmark class
   */
  synchronized void ensure(Class<?> type) {
    location(type).ifPresent(loc -> {
      try {
        String text = Files.readString(argFile, StandardCharsets.UTF_8);
        if (!text.contains(loc)) {
          String cp = text.substring(text.indexOf('\n') + 1).strip();
          String joined = unquote(cp) + File.pathSeparator + loc;
          Files.writeString(argFile, "-cp\n" + quote(joined) + "\n", StandardCharsets.UTF_8);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot update " + argFile + ": " + e.getMessage(), e);
      }
    });
  }

  /**
   * The command of one worker. It names the engine's address and the launch, neither of them secret; the run's
   * secret goes in the worker's environment ({@link WireServer#SECRET_VARIABLE}), since a command line can be read
   * by every user of the machine ({@code ps}).
   *
   * @param jvmArgs the run's and the class's JVM arguments
   * @param errorFileDir where the JVM writes its fatal-error report
   * @param address the engine's {@code host:port}
   * @param launch the launch's id
   * @return the command
   */
  List<String> command(List<String> jvmArgs, Path errorFileDir, String address, String launch) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaCommand.toString());
    cmd.addAll(inherited);
    cmd.addAll(jvmArgs);
    cmd.add("-XX:ErrorFile=" + errorFileDir.resolve("hs_err_pid%p.log"));
    cmd.add("@" + argFile);
    cmd.add(MAIN_CLASS);
    cmd.add(address);
    cmd.add(launch);
    cmd.add(propertiesFile.toString());
    return cmd;
  }

  private static boolean isDebugger(String arg) {
    return arg.startsWith("-agentlib:jdwp") || arg.startsWith("-Xrunjdwp") || arg.equals("-Xdebug");
  }

  private static java.util.Optional<String> location(Class<?> c) {
    try {
      CodeSource cs = c.getProtectionDomain().getCodeSource();
      if (cs == null || cs.getLocation() == null) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(Path.of(cs.getLocation().toURI()).toString());
    } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
      return java.util.Optional.empty();
    }
  }

  /** An argument file's quoting: double quotes, with backslashes and quotes escaped. */
  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static String unquote(String s) {
    String inner = s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    return inner.replace("\\\"", "\"").replace("\\\\", "\\");
  }
}
