package io.gpubench.results.journal;

import java.util.Optional;

/**
 * Which build an engine run belongs to, so that the Surefire forks of one Maven build ({@code forkCount} above 1,
 * or {@code reuseForks=false}) write results files and reports holding every fork's cases rather than the last
 * writer's. Every fork of a build is a child of the one Maven JVM: the build is that JVM, named by its process id
 * and start time (a process id alone is reused). A run whose parent is not Maven (the console launcher from a shell,
 * an IDE, a Gradle daemon that outlives its builds) is its own build: no parent would tell its builds apart.
 */
public final class BuildIdentity {
  private static final String MAVEN_LAUNCHER = "org.codehaus.plexus.classworlds.launcher.Launcher";

  private BuildIdentity() {}

  /**
   * The build of this process.
   *
   * @return such as {@code maven 4242 2026-12-01T21:40:12.340Z}, or empty when this process is not a Maven fork
   */
  public static Optional<String> ofThisProcess() {
    Optional<ProcessHandle> parent = ProcessHandle.current().parent();
    // Surefire starts its forks through a shell on Unix ("/bin/sh -c cd DIR && java ..."), and dash keeps the shell
    // as the fork's parent: Maven is then the grandparent.
    if (parent.isPresent() && isShell(parent.get())) {
      parent = parent.get().parent();
    }
    return parent.flatMap(BuildIdentity::ofMaven);
  }

  private static boolean isShell(ProcessHandle p) {
    String command = p.info().command().orElse("");
    String name = command.substring(command.lastIndexOf('/') + 1);
    return name.equals("sh") || name.equals("dash") || name.equals("bash");
  }

  private static Optional<String> ofMaven(ProcessHandle parent) {
    ProcessHandle.Info info = parent.info();
    boolean maven = info.commandLine().map(c -> c.contains(MAVEN_LAUNCHER)).orElse(false)
        || info.arguments().map(a -> java.util.Arrays.asList(a).contains(MAVEN_LAUNCHER)).orElse(false);
    if (!maven || info.startInstant().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("maven " + parent.pid() + " " + info.startInstant().get());
  }
}
