package io.gpubench.maven.ab;

import java.util.List;

/**
 * One side of an A/B comparison: a build's class path and its class path roots (the folders whose benchmarks run).
 *
 * @param name {@code A} (the baseline build) or {@code B} (this build)
 * @param classpath the fork's class path, in order
 * @param roots the class path roots scanned for benchmark classes (the build's test classes)
 * @param jvmArgs JVM arguments for this side's forks
 */
public record Side(String name, List<String> classpath, List<String> roots, List<String> jvmArgs) {

  /**
   * Makes the side, copying the lists.
   *
   * @param name name
   * @param classpath class path
   * @param roots roots
   * @param jvmArgs JVM arguments
   */
  public Side {
    classpath = List.copyOf(classpath);
    roots = List.copyOf(roots);
    jvmArgs = List.copyOf(jvmArgs);
  }
}
