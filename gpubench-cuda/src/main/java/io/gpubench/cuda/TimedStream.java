package io.gpubench.cuda;

import java.util.regex.Pattern;

/**
 * The stream a case's trials are timed on: its own, or the one a framework named through
 * {@code FrameworkStream.timeOn} (DJL's PyTorch engine: the legacy default stream, 0), with the name that goes into
 * the results' {@code deviceClock}.
 *
 * @param stream the stream
 * @param name the framework's name for it, or null for the case's own
 */
record TimedStream(CudaStream stream, String name) {
  /** What a framework's name for its stream may be. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9-]+");

  /**
   * A framework's stream.
   *
   * @throws IllegalArgumentException naming the case and the name when it is not letters, digits and '-'
   */
  static TimedStream named(long address, String name, String caseId) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("FrameworkStream.timeOn of " + caseId + ": stream name '" + name
          + "' must be letters, digits and '-', such as pytorch-default-stream");
    }
    return new TimedStream(CudaStream.of(address), name);
  }
}
