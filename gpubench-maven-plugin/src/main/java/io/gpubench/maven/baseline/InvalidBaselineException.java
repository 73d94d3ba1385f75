package io.gpubench.maven.baseline;

import java.nio.file.Path;

/** A baseline file that cannot be used, with the file and the reason in the message. */
public final class InvalidBaselineException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient Path file;

  InvalidBaselineException(Path file, String reason) {
    super("baseline " + file + " " + reason);
    this.file = file;
  }

  /**
   * The file at fault.
   *
   * @return the path
   */
  public Path file() {
    return file;
  }
}
