package io.gpubench.results.journal;

import java.util.Optional;

/**
 * Which build an engine run belongs to, so that the Surefire forks of one Maven build ({@code forkCount} above 1,
 * or {@code reuseForks=false}) write results files and reports holding every fork's cases rather than the last
 * writer's. Every fork of a build descends from the one Maven JVM (Surefire starts a fork through {@code /bin/sh
 * -c}, so the JVM is its grandparent): the build is that JVM, named by its process id and start time (a process id
 * alone is reused). A run whose parent is not Maven (the console launcher from a shell,
 * an IDE, a Gradle daemon that outlives its builds) is its own build: no parent would tell its builds apart.
 */
public final class BuildIdentity {
  private static final String MAVEN_LAUNCHER = "org.codehaus.plexus.classworlds.launcher.Launcher";
  // the fork's shell, then Maven; a little more for a wrapper script, never as far as a CI agent's own JVM
  private static final int MAX_LEVELS = 3;

  private BuildIdentity() {}

  /**
   * The build of this process.
   *
   * @return such as {@code maven 4242 2026-12-01T21:40:12.340Z}, or empty when this process is not a Maven fork
   */
  public static Optional<String> ofThisProcess() {
    Optional<ProcessHandle> ancestor = ProcessHandle.current().parent();
    for (int level = 0; level < MAX_LEVELS && ancestor.isPresent(); level++) {
      Optional<String> maven = ofMaven(ancestor.get());
      if (maven.isPresent()) {
        return maven;
      }
      ancestor = ancestor.get().parent();
    }
    return Optional.empty();
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
