package io.gpubench.engine.discovery;

import io.gpubench.engine.execution.CaseExecutor;
import io.gpubench.engine.execution.RunRecorder;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.support.hierarchical.EngineExecutionContext;

/**
 * What the nodes of a run share: the listener (for report entries), the recorder of results and the executor.
 *
 * @param listener the run's listener
 * @param recorder the results recorder, null until the engine node's {@code before}
 * @param executor runs cases
 */
public record GpuBenchExecutionContext(EngineExecutionListener listener, RunRecorder recorder, CaseExecutor executor)
    implements EngineExecutionContext {

  /**
   * The context a run starts with, before the engine node makes the recorder.
   *
   * @param listener the run's listener
   * @param executor runs cases
   * @return the context
   */
  public static GpuBenchExecutionContext start(EngineExecutionListener listener, CaseExecutor executor) {
    return new GpuBenchExecutionContext(listener, null, executor);
  }
}
