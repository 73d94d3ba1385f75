package io.gpubench.engine.discovery;

import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.engine.GpuBenchEngine;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.bench.Frameworks;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.config.Instrumentation;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.CaseRecording;
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
    WorkerPool pool = new WorkerPool(config.outputDir().resolve("workers"), workerSettings(), GpuBenchEngine.class);
    CaseRecording recording = new CaseRecording(config.instrumentation(), config.outputDir());
    warnUnselected(recording.settings().capture(), cases);
    warnUnselected(recording.settings().jfr(), cases);
    CaseRunner runner = new CaseRunner(new CaseDriver(config.telemetryIntervalMillis(), recording), pool,
        new CaseSession(backends(), frameworks()));
    return new GpuBenchExecutionContext(context.listener(), recorder, runner);
  }

  /**
   * A key that selects cases and selects none of this run's says so: a typo in a pattern must not pass for a profile
   * that was simply not made. Not an error, since a run narrowed to a few classes may leave the pattern's cases out.
   */
  private void warnUnselected(Instrumentation.Selection selection, int cases) {
    if (!selection.any()) {
      return;
    }
    boolean any = getDescendants().stream().filter(CaseDescriptor.class::isInstance).map(CaseDescriptor.class::cast)
        .map(CaseDescriptor::spec)
        .anyMatch(c -> selection.selects(c.id(), c.declaration().type().getName(), c.workload().name()));
    if (!any) {
      System.out.println("gpubench: " + selection + " selects none of the " + cases + " cases of this run");
    }
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
