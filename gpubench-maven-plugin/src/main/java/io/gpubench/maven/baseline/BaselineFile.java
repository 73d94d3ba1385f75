package io.gpubench.maven.baseline;

import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes baseline files ({@code gpubench-baseline/1}, described in {@code docs/maven-plugin.md}). Writing
 * is atomic, like the results file. Reading checks the schema id before mapping and every case after, so a file
 * that is not a baseline, is of another version, or was hand-edited into nonsense fails with the file and the
 * reason rather than later with a null.
 */
public final class BaselineFile {

  private BaselineFile() {}

  /**
   * Whether a baseline file exists.
   *
   * @param file the path
   * @return true when there is a regular file there
   */
  public static boolean exists(Path file) {
    return Files.isRegularFile(file);
  }

  /**
   * Reads a baseline file.
   *
   * @param file the file
   * @return its content
   * @throws InvalidBaselineException naming the file and the reason: missing, unreadable, not JSON, another
   *     schema, or a case without its id, clock or samples
   */
  public static BaselineSet read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new InvalidBaselineException(file, "does not exist");
    } catch (IOException e) {
      throw new InvalidBaselineException(file, "cannot be read: " + e.getMessage());
    }
    BaselineSet set = ResultsFile.parseVersioned(text, BaselineSet.SCHEMA, "baseline", BaselineSet.class,
        reason -> new InvalidBaselineException(file, reason));
    validate(file, set);
    return set;
  }

  /**
   * Writes a baseline file atomically, creating its folder.
   *
   * @param set the content
   * @param file the target
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void write(BaselineSet set, Path file) {
    ResultsFile.writeAtomically(file, ResultsFile.mapper().writeValueAsString(set) + System.lineSeparator());
  }

  private static void validate(Path file, BaselineSet set) {
    for (int i = 0; i < set.environments().size(); i++) {
      EnvironmentBaseline e = set.environments().get(i);
      String where = "environments[" + i + "]";
      if (e.key() == null || e.key().isBlank()) {
        throw new InvalidBaselineException(file, where + " has no \"key\"");
      }
      for (BaselineCase c : e.cases()) {
        if (c.id() == null || c.id().isBlank()) {
          throw new InvalidBaselineException(file, where + " (" + e.key() + ") has a case without an \"id\"");
        }
        if (!List.of(CaseSamples.DEVICE, CaseSamples.HOST).contains(c.clock())) {
          throw new InvalidBaselineException(file, "case " + c.id() + " has clock \"" + c.clock()
              + "\"; expected \"device\" or \"host\"");
        }
        if (c.samplesNanos().isEmpty()
            || c.samplesNanos().stream().anyMatch(v -> v == null || !(v > 0) || v.isInfinite())) {
          throw new InvalidBaselineException(file, "case " + c.id()
              + " needs \"samplesNanos\": a non-empty list of positive times");
        }
      }
    }
  }
}
