package io.gpubench.engine;

import java.nio.file.Path;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The engine test kit with the run's output going to a test's folder and the console kept quiet. */
public final class EngineKit {
  private EngineKit() {}

  /**
   * A test kit for the gpubench engine.
   *
   * @param output the output folder
   * @return the builder
   */
  public static EngineTestKit.Builder gpubench(Path output) {
    return EngineTestKit.engine(GpuBenchEngine.ENGINE_ID)
        .configurationParameter("gpubench.output-dir", output.toString())
        .configurationParameter("gpubench.progress", "false")
        .configurationParameter("gpubench.summary", "false");
  }
}
