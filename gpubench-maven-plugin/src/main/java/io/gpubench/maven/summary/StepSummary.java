package io.gpubench.maven.summary;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/** Appends the Markdown summary to a CI job summary file: the one given, else {@code $GITHUB_STEP_SUMMARY}. */
public final class StepSummary {

  private StepSummary() {}

  /**
   * Appends, when there is somewhere to append to. A summary that cannot be written fails nothing: it is a
   * convenience, and the gate's verdict is already in the log.
   *
   * @param file the file, or null to use {@code $GITHUB_STEP_SUMMARY}
   * @param markdown the summary
   * @return a warning when the file could not be written
   */
  public static Optional<String> append(File file, String markdown) {
    File target = file;
    if (target == null) {
      String env = System.getenv("GITHUB_STEP_SUMMARY");
      if (env == null || env.isBlank()) {
        return Optional.empty();
      }
      target = new File(env);
    }
    try {
      Files.writeString(target.toPath(), markdown + System.lineSeparator(), StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("cannot append the gpubench summary to " + target + ": " + e);
    }
  }
}
