package io.gpubench.engine.discovery;

import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.support.Frameworks;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.CaseRunner;
import io.gpubench.engine.execution.RunRecorder;
import io.gpubench.engine.worker.WorkerPool;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * The root of a run. It keeps the configuration read at discovery and finds the backends only when a benchmark
 * class is found, so that a run without benchmark classes initialises no GPU. After the cases, it writes the
 * results file and prints the summary.
 */
public final class GpuBenchEngineDescriptor extends EngineDescriptor implements Node<GpuBenchExecutionContext> {
  private final EngineConfig config;
  private final Supplier<Backends> backendFinder;
  private Backends backends;
  private Frameworks frameworks;

  /**
   * Makes the root.
   *
   * @param uniqueId the engine's id
   * @param config the run's configuration
   * @param backendFinder finds the backends, called at most once
   */
  public GpuBenchEngineDescriptor(UniqueId uniqueId, EngineConfig config, Supplier<Backends> backendFinder) {
    super(uniqueId, "gpubench");
    this.config = config;
    this.backendFinder = backendFinder;
  }

  /**
   * The run's configuration.
   *
   * @return the configuration
   */
  public EngineConfig config() {
    return config;
  }

  synchronized Backends backends() {
    if (backends == null) {
      backends = backendFinder.get();
    }
    return backends;
  }

  synchronized Frameworks frameworks() {
    if (frameworks == null) {
      frameworks = Frameworks.discover(Thread.currentThread().getContextClassLoader());
    }
    return frameworks;
  }

  @Override
  public GpuBenchExecutionContext before(GpuBenchExecutionContext context) {
    if (getChildren().isEmpty()) {
      return context;
    }
    List<DeviceInfo> devices = backends().all().stream().map(Backend::describe).toList();
    int cases = (int) getDescendants().stream().filter(TestDescriptor::isTest).count();
    RunRecorder recorder = new RunRecorder(config, devices, frameworks().versions(), cases, System.out);
    WorkerPool pool = new WorkerPool(config.outputDir().resolve("workers"), workerSettings());
    CaseRunner runner = new CaseRunner(new CaseDriver(config.telemetryIntervalMillis()), pool,
        new CaseSession(backends(), frameworks()));
    return new GpuBenchExecutionContext(context.listener(), recorder, runner);
  }

  /** Every {@code gpubench.} key of the run, without the prefix, for the backends of worker processes. */
  private Map<String, String> workerSettings() {
    Map<String, String> settings = new TreeMap<>();
    Set<String> keys = new TreeSet<>(config.source().keySet());
    System.getProperties().stringPropertyNames().forEach(keys::add);
    for (String key : keys) {
      if (key.startsWith(Constants.PREFIX)) {
        config.source().get(key).or(() -> Optional.ofNullable(System.getProperty(key)))
            .ifPresent(v -> settings.put(key.substring(Constants.PREFIX.length()), v));
      }
    }
    return settings;
  }

  @Override
  public void after(GpuBenchExecutionContext context) {
    try {
      if (context.runner() != null) {
        context.runner().close();
      }
    } finally {
      if (context.recorder() != null) {
        context.recorder().finish(System.out);
      }
    }
  }
}
