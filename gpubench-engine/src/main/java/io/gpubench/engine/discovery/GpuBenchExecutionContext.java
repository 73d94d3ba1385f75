package io.gpubench.engine.discovery;

import io.gpubench.engine.execution.CaseRunner;
import io.gpubench.engine.execution.RunRecorder;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.support.hierarchical.EngineExecutionContext;

/**
 * What the nodes of a run share: the listener (for report entries), the recorder of results and the runner.
 *
 * @param listener the run's listener
 * @param recorder the results recorder, null until the engine node's {@code before}
 * @param runner runs cases, null until the engine node's {@code before}
 */
public record GpuBenchExecutionContext(EngineExecutionListener listener, RunRecorder recorder, CaseRunner runner)
    implements EngineExecutionContext {

  /**
   * The context a run starts with, before the engine node makes the recorder and the runner.
   *
   * @param listener the run's listener
   * @return the context
   */
  public static GpuBenchExecutionContext start(EngineExecutionListener listener) {
    return new GpuBenchExecutionContext(listener, null, null);
  }
}
