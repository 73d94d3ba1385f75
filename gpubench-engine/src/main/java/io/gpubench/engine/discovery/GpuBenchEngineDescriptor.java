package io.gpubench.engine.discovery;

import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.config.Instrumentation;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.CaseRecording;
import io.gpubench.engine.execution.CaseRunner;
import io.gpubench.engine.execution.RunRecorder;
import io.gpubench.engine.plan.ShardShare;
import io.gpubench.engine.support.Frameworks;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
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
  private final InvalidDeclarationException configurationProblem;
  private final Supplier<Backends> backendFinder;
  private final CaseRunnerFactory runners;
  private Backends backends;
  private Frameworks frameworks;
  private ShardShare shardShare;

  /**
   * Makes the root.
   *
   * @param uniqueId the engine's id
   * @param config the run's configuration
   * @param backendFinder finds the backends, called at most once
   * @param runners builds the run's case runner, once there is a case to run
   */
  public GpuBenchEngineDescriptor(UniqueId uniqueId, EngineConfig config, Supplier<Backends> backendFinder,
      CaseRunnerFactory runners) {
    this(uniqueId, config, null, backendFinder, runners);
  }

  private GpuBenchEngineDescriptor(UniqueId uniqueId, EngineConfig config, InvalidDeclarationException problem,
      Supplier<Backends> backendFinder, CaseRunnerFactory runners) {
    super(uniqueId, "gpubench");
    this.config = config;
    this.configurationProblem = problem;
    this.backendFinder = backendFinder;
    this.runners = runners;
  }

  /**
   * The root of a run whose configuration cannot be read: every benchmark class selected becomes a failing test
   * with the problem, so that the run fails where the user looks (the test report) instead of running nothing, or
   * running on a configuration the user did not mean.
   *
   * @param uniqueId the engine's id
   * @param problem the problem, naming the key and the value
   * @return the root
   */
  public static GpuBenchEngineDescriptor invalid(UniqueId uniqueId, InvalidDeclarationException problem) {
    return new GpuBenchEngineDescriptor(uniqueId, null, problem, () -> {
      throw new IllegalStateException("no backends for an invalid configuration");
    }, (config, driver, settings, backends, frameworks) -> {
      throw new IllegalStateException("no runner for an invalid configuration");
    });
  }

  /**
   * Why the run's configuration cannot be used, when it cannot.
   *
   * @return the problem, or null
   */
  public InvalidDeclarationException configurationProblem() {
    return configurationProblem;
  }

  /**
   * The run's configuration.
   *
   * @return the configuration, or null when {@link #configurationProblem()} says why there is none
   */
  public EngineConfig config() {
    return config;
  }

  /**
   * What this shard runs of the suite, where the run is sharded.
   *
   * @return the share, or null for a run of the whole suite
   */
  public ShardShare shardShare() {
    return shardShare;
  }

  void shardShare(ShardShare share) {
    this.shardShare = share;
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
    List<String> planned = new java.util.ArrayList<>();
    int cases = 0;
    for (var d : getDescendants()) {
      if (d instanceof CaseDescriptor c) {
        planned.add(c.spec().id());
        cases++;
      } else if (d instanceof ProblemDescriptor p) {
        planned.add(p.caseId());
      }
    }
    if (config == null || (planned.isEmpty() && shardShare == null)) {
      // Nothing selected, or a configuration that cannot be read (its output folder may be the key at fault): no
      // results file, which would claim a run that did not happen. A shard whose share is empty still writes its
      // journal, so that the merge of the shards counts it as run rather than missing.
      return context;
    }
    if (shardShare != null) {
      System.out.println(shardShare.describe(config.sharding().times()));
    }
    // Classes that cannot run are ERROR entries of the run, so the reports and the gate count them; a run of
    // nothing else starts no backend (no GPU initialised for a failing declaration).
    List<DeviceInfo> devices = cases == 0 ? List.of() : backends().all().stream().map(Backend::describe).toList();
    CaseRecording recording = null;
    CaseRunner runner = null;
    if (cases > 0) {
      recording = new CaseRecording(config.instrumentation(), config.outputDir());
      runner = runners.open(config, new CaseDriver(config.telemetryIntervalMillis(), recording),
          workerSettings(), backends(), frameworks());
      // the first case's workers start while the run is set up (the recorder's files, the plan's lines)
      CaseRunner first = runner;
      getDescendants().stream().filter(CaseDescriptor.class::isInstance).map(CaseDescriptor.class::cast).findFirst()
          .ifPresent(d -> first.startAhead(d.spec()));
    }
    RunRecorder recorder = new RunRecorder(config, devices, frameworks().versions(), planned, budgets(), shardShare,
        System.out);
    if (cases == 0) {
      return new GpuBenchExecutionContext(context.listener(), recorder, null);
    }
    warnUnselected(recording.settings().capture(), cases);
    warnUnselected(recording.settings().jfr(), cases);
    return new GpuBenchExecutionContext(context.listener(), recorder, runner);
  }

  /** Each case's declared trial budget, for the progress lines' first estimate; a case the plan skips gets none. */
  private Map<String, Double> budgets() {
    Map<String, Double> budgets = new java.util.HashMap<>();
    getDescendants().stream().filter(CaseDescriptor.class::isInstance).map(CaseDescriptor.class::cast)
        .map(CaseDescriptor::spec)
        .forEach(c -> budgets.put(c.id(), c.skipReason() == null ? c.trials().budgetSeconds() : 0.0));
    return budgets;
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
