package io.gpubench.engine.worker;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The build JVM's system properties, handed to its workers. Benchmark code reads {@code System.getProperty} for its
 * own settings ({@code mvn verify -Dimaging.blur.repeat=2}); under Surefire those properties exist only inside the
 * test JVM, set at its start from Maven's user properties and {@code <systemPropertyVariables>}, so a worker started
 * with the test JVM's arguments alone never saw them.
 *
 * <p>The rule: a worker takes every property of the build JVM that its own JVM does not define. What a JVM defines
 * itself ({@code java.*}, {@code os.*}, {@code user.dir}, {@code file.encoding}, the class path ...) describes that
 * JVM and stays the worker's own; a {@code -D} among the JVM arguments is defined in both and equal, since workers
 * inherit those arguments. The file is readable by its owner alone: a property may carry a credential, and a command
 * line can be read by every user of the machine.
 */
final class WorkerProperties {

  private WorkerProperties() {}

  /**
   * Writes a snapshot of properties.
   *
   * @param file where
   * @param properties the build JVM's properties
   * @return the file
   */
  static Path write(Path file, Properties properties) {
    Properties copy = new Properties();
    for (String key : properties.stringPropertyNames()) {
      copy.setProperty(key, properties.getProperty(key));
    }
    try {
      Files.deleteIfExists(file);
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      }
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        copy.store(w, "the build JVM's system properties, for gpubench workers");
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the workers' system properties into " + file + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Sets, in this JVM, every property of the file that this JVM does not define.
   *
   * @param file the file {@link #write} wrote
   * @return the keys set, for the worker's log
   * @throws IOException when the file cannot be read
   */
  static List<String> apply(Path file) throws IOException {
    Properties given = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      given.load(r);
    }
    List<String> set = new ArrayList<>();
    for (String key : given.stringPropertyNames()) {
      if (System.getProperty(key) == null) {
        System.setProperty(key, given.getProperty(key));
        set.add(key);
      }
    }
    return set;
  }
}
