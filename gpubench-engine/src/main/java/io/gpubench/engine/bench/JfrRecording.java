package io.gpubench.engine.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.text.ParseException;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * A Java Flight Recorder recording of a case's trials, with JFR's {@code profile} settings (method samples every
 * 10-20 ms, allocations, locks, I/O). Loaded only where the runtime has the {@code jdk.jfr} module
 * ({@link #unavailableReason()}): a jlinked runtime without it must not fail on this class.
 */
final class JfrRecording implements AutoCloseable {
  private final Recording recording;
  private final Path file;

  private JfrRecording(Recording recording, Path file) {
    this.recording = recording;
    this.file = file;
  }

  /**
   * Why this runtime cannot record, or null when it can.
   *
   * @return the reason
   */
  static String unavailableReason() {
    if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
      return "this Java runtime has no jdk.jfr module (" + System.getProperty("java.home")
          + "); add it to the runtime (jlink --add-modules jdk.jfr) to record the trials";
    }
    return null;
  }

  /**
   * Starts a recording.
   *
   * @param name the recording's name (the case)
   * @param file where it is written when it stops
   * @return the recording
   * @throws IOException when JFR's settings cannot be read
   * @throws ParseException when JFR's settings are malformed
   */
  static JfrRecording start(String name, Path file) throws IOException, ParseException {
    Recording r = new Recording(Configuration.getConfiguration("profile"));
    r.setName("gpubench " + name);
    r.setToDisk(true);
    r.start();
    return new JfrRecording(r, file);
  }

  /**
   * Stops the recording and writes it.
   *
   * @return the file
   * @throws IOException when it cannot be written
   */
  Path stopAndWrite() throws IOException {
    recording.stop();
    recording.dump(file);
    return file;
  }

  /** Discards the recording. */
  @Override
  public void close() {
    recording.close();
  }
}
