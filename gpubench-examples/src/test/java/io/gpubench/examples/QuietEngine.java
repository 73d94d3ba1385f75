package io.gpubench.examples;

import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The gpubench engine for the examples' own tests, which run it on one class to check what it reports: with its
 * progress lines and summary off, so that {@code mvn verify} in the examples ends with the examples' summary, not
 * with the table of a test's run (the tolerance demo's "0 passed, 1 failed" is a failure built to be shown, and read
 * last it looks like the build's).
 */
public final class QuietEngine {
  private QuietEngine() {}

  /**
   * The engine test kit with the console kept quiet.
   *
   * @return the builder
   */
  public static EngineTestKit.Builder kit() {
    return EngineTestKit.engine("gpubench")
        .configurationParameter("gpubench.progress", "false")
        .configurationParameter("gpubench.summary", "false");
  }
}
