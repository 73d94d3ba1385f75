package io.gpubench.engine;

import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.config.KnownKeys;
import io.gpubench.engine.config.LaunchSettings;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.CaseRunner;
import io.gpubench.engine.support.Frameworks;
import io.gpubench.engine.support.Providers;
import io.gpubench.engine.worker.WorkerPool;
import java.util.Map;
import io.gpubench.api.spi.SettingsKeys;
import java.util.ArrayList;
import java.util.List;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.discovery.Discovery;
import io.gpubench.engine.discovery.GpuBenchEngineDescriptor;
import io.gpubench.engine.discovery.GpuBenchExecutionContext;
import java.util.Optional;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.config.PrefixedConfigurationParameters;
import org.junit.platform.engine.support.hierarchical.ForkJoinPoolHierarchicalTestExecutorService;
import org.junit.platform.engine.support.hierarchical.HierarchicalTestEngine;
import org.junit.platform.engine.support.hierarchical.HierarchicalTestExecutorService;

/**
 * The gpubench test engine, id {@value #ENGINE_ID}: runs {@code @GpuBenchmark} classes as tests, one test per
 * case (workload &times; shape &times; precision &times; backend).
 *
 * <h2>Selectors</h2>
 * Class, method ({@code @Measure} and {@code @Model} methods), unique-id (class, workload or case), package,
 * classpath-root and module selectors; class-name and package-name filters apply.
 *
 * <h2>Configuration</h2>
 * JUnit configuration parameters, all prefixed {@code gpubench.} and listed with their defaults in
 * {@link io.gpubench.engine.config.Constants}: output folder, backends, precisions, shapes profile, per-class
 * shape overrides and overrides of single axes ({@code gpubench.axes.*}), trial limits, cache mode, seed, telemetry interval, summary and progress output, the kernel audit, profiler capture ranges and JFR recordings of selected cases, and the share of a sharded suite this run makes ({@code gpubench.shard=I/N}: discovery keeps that share of the tree, {@code discovery.Sharding}). Every
 * key and
 * value is checked at discovery: an unknown {@code gpubench.} key, a malformed value, or a selecting value that
 * matches nothing the run's classes declare fails every class of the run (see {@code config.KnownKeys},
 * {@code plan.RunSelection}).
 *
 * <h2>The tree</h2>
 * Engine &rarr; class (a container with a {@code ClassSource}, which Surefire opens a test set for) &rarr; workload
 * (no source) &rarr; case (a test whose {@code MethodSource} is named after its workload, or after the case itself
 * where Surefire's {@code -Dtest} names cases: {@code discovery.SurefireTests}). A class that cannot run
 * is a class container holding one failing test, {@code invalid <member>}.

 * <h2>Report and file entries</h2>
 * Each case publishes its key figures (and its kernels, where audited) as report entries, and the files it produced
 * (its {@code report.md}, a {@code trials.jfr}) as file entries.
 *
 * <h2>Parallel execution</h2>
 * With {@code gpubench.parallel.enabled=true} (default false) cases of different devices run at once, on a
 * fork-join pool configured by {@code gpubench.parallel.config.*} (the keys JUnit's
 * {@code ParallelExecutionConfiguration} reads: {@code strategy}, {@code fixed.parallelism}, ...). Each device is
 * an exclusive resource, so two cases never share one.
 */
public final class GpuBenchEngine extends HierarchicalTestEngine<GpuBenchExecutionContext> {

  /** The engine's id, as {@code EngineTestKit.engine(...)} and {@code --include-engine} name it. */
  public static final String ENGINE_ID = "gpubench";

  /** Public for {@link java.util.ServiceLoader}. */
  public GpuBenchEngine() {}

  @Override
  public String getId() {
    return ENGINE_ID;
  }

  @Override
  public Optional<String> getGroupId() {
    return Optional.of("io.gpubench");
  }

  @Override
  public Optional<String> getArtifactId() {
    return Optional.of("gpubench-engine");
  }

  @Override
  public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
    EngineConfig config;
    try {
      config = EngineConfig.from(request.getConfigurationParameters(), knownKeys());
    } catch (InvalidDeclarationException e) {
      // A malformed run-wide key concerns every class: each one selected fails with the key and value (a test
      // failure is what Surefire and IDEs show; an engine-level issue alone leaves "Tests run: 0" and a green
      // build), and nothing runs on a configuration the user did not mean.
      GpuBenchEngineDescriptor root = GpuBenchEngineDescriptor.invalid(uniqueId, e);
      Discovery.resolve(request, root);
      return root;
    }
    GpuBenchEngineDescriptor root = new GpuBenchEngineDescriptor(uniqueId, config,
        () -> Backends.discover(config.backendSettings(), Thread.currentThread().getContextClassLoader()),
        GpuBenchEngine::caseRunner);
    Discovery.resolve(request, root);
    return root;
  }

  /**
   * The composition root of a run's execution: the worker processes, and the runner of this JVM for cases with
   * {@code fork=none}. Built here, at the top, so that the JUnit nodes and the driver meet benchmark code only
   * through the step protocol.
   */
  private static CaseRunner caseRunner(EngineConfig config, CaseDriver driver, Map<String, String> workerSettings,
      Backends backends, Frameworks frameworks) {
    WorkerPool pool = new WorkerPool(config.outputDir().resolve("workers"), workerSettings,
        LaunchSettings.from(config.source(), System.getenv()));
    return new CaseRunner(driver, pool, new CaseSession(backends, frameworks));
  }

  /** The engine's keys and those the components on the class path declare. */
  private static KnownKeys knownKeys() {
    List<String> declared = new ArrayList<>();
    for (SettingsKeys k : Providers.loaded(SettingsKeys.class, Thread.currentThread().getContextClassLoader())) {
      declared.addAll(k.keys());
    }
    return new KnownKeys(declared);
  }

  @Override
  protected HierarchicalTestExecutorService createExecutorService(ExecutionRequest request) {
    ConfigurationParameters p = request.getConfigurationParameters();
    if (p.getBoolean(Constants.PARALLEL_ENABLED).orElse(false)) {
      return new ForkJoinPoolHierarchicalTestExecutorService(
          new PrefixedConfigurationParameters(p, Constants.PARALLEL_CONFIG_PREFIX));
    }
    return super.createExecutorService(request);
  }

  @Override
  protected GpuBenchExecutionContext createExecutionContext(ExecutionRequest request) {
    return GpuBenchExecutionContext.start(request.getEngineExecutionListener());
  }
}
