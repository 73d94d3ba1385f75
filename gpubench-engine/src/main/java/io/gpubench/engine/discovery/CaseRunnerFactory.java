package io.gpubench.engine.discovery;

import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.CaseRunner;
import io.gpubench.engine.support.Frameworks;
import java.util.Map;

/**
 * Builds a run's case runner once the root knows there is something to run: the worker processes and the runner of
 * this JVM are the composition root's ({@code GpuBenchEngine}), so that the JUnit nodes hand the driver and the
 * workers' settings over and know no runner themselves.
 */
@FunctionalInterface
public interface CaseRunnerFactory {

  /**
   * The run's case runner.
   *
   * @param config the run's configuration
   * @param driver drives and decides each case
   * @param workerSettings every {@code gpubench.} key of the run, without the prefix, for the workers' backends
   * @param backends the backends found in this JVM, for cases run in it
   * @param frameworks the frameworks found in this JVM
   * @return the runner, which the root closes after the run
   */
  CaseRunner open(EngineConfig config, CaseDriver driver, Map<String, String> workerSettings, Backends backends,
      Frameworks frameworks);
}
