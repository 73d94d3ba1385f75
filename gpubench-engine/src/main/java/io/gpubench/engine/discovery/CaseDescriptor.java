package io.gpubench.engine.discovery;

import io.gpubench.engine.fit.CaseFit;
import io.gpubench.engine.fit.FitReport;
import io.gpubench.engine.fit.FitTry;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Check;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.Results;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.KernelShares;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.engine.support.hierarchical.ExclusiveResource;
import org.junit.platform.engine.support.hierarchical.Node;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * One case, run as one test. Its device is an exclusive resource, so with parallel execution two cases never
 * time on the same device at once.
 */
final class CaseDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {
  static final String SEGMENT_TYPE = "case";

  private final CaseSpec spec;
  private CaseFit fit;

  CaseDescriptor(UniqueId parentId, CaseSpec spec, SurefireTests tests) {
    super(parentId.append(SEGMENT_TYPE, spec.segment()), spec.displayName(), source(spec, tests));
    this.spec = spec;
  }

  /**
   * The case's method source, named after the workload. Surefire's {@code -Dtest=Class#name} filter matches the
   * method name of a test's {@link MethodSource}, and reports name a workload by its {@code @Measure("name")}: so
   * that the name the reports show selects it, a workload named apart from its method is its source's method name
   * (IDEs then navigate to the class rather than the method; the method's run gutter still selects it). Where the
   * run's {@code -Dtest} selects cases by their names rather than their workload's, a case shows its display name
   * instead ({@link SurefireTests}), so that {@code -Dtest=Class#gemm*layout=col*} selects those cases alone.
   */
  private static MethodSource source(CaseSpec spec, SurefireTests tests) {
    var method = spec.workload().method();
    String name = tests.methodName(spec.declaration().type(), spec.workload().name(), spec.displayName());
    if (method.getName().equals(name)) {
      return MethodSource.from(method);
    }
    return MethodSource.from(spec.declaration().type().getName(), name,
        java.util.Arrays.stream(method.getParameterTypes()).map(Class::getName)
            .collect(java.util.stream.Collectors.joining(", ")));
  }

  /**
   * Asks for the largest batch that fits after the case has run ({@code gpubench.fit}): set at discovery, once the
   * run's cases are known and the key checked against them.
   */
  void searchFit(CaseFit caseFit) {
    this.fit = caseFit;
  }

  @Override
  public Type getType() {
    return Type.TEST;
  }

  @Override
  public String getLegacyReportingName() {
    return spec.displayName();
  }

  @Override
  public Set<ExclusiveResource> getExclusiveResources() {
    if (spec.world() != null && spec.world().complete()) {
      // a world holds every device of its ranks
      return spec.world().devices().stream()
          .map(b -> new ExclusiveResource("io.gpubench.device." + b.id(), ExclusiveResource.LockMode.READ_WRITE))
          .collect(java.util.stream.Collectors.toSet());
    }
    return Set.of(new ExclusiveResource("io.gpubench.device." + spec.backend().id(),
        ExclusiveResource.LockMode.READ_WRITE));
  }

  @Override
  public SkipResult shouldBeSkipped(GpuBenchExecutionContext context) {
    if (spec.skipReason() == null) {
      return SkipResult.doNotSkip();
    }
    context.recorder().record(Results.skipped(spec, spec.skipReason()));
    return SkipResult.skip(spec.skipReason());
  }

  @Override
  public GpuBenchExecutionContext execute(GpuBenchExecutionContext context, DynamicTestExecutor dynamic) {
    context.recorder().starting(spec.id());
    CaseDriver.Outcome outcome = context.runner().run(spec);
    CaseResult r = outcome.result();
    context.recorder().record(r);
    if (r.timing() != null) {
      context.listener().reportingEntryPublished(this, ReportEntry.from(entries(r)));
    }
    publishFiles(context, outcome);
    if (fit != null) {
      searchFit(context, r);
    }
    switch (r.status()) {
      case FAILED:
        throw new AssertionFailedError(r.message());
      case ERROR:
        throw new CaseErrorException(r.message(), outcome.cause() != null ? outcome.cause()
            : outcome.stackTrace() == null ? null : new WorkerStackTrace(outcome.stackTrace()));
      case SKIPPED:
        throw new TestAbortedException(r.message());
      default:
        return context;
    }
  }

  /**
   * Runs the fit after the case: the tries are the report's, not the run's results. A search that ends without
   * saying how large a batch fits (a try failed for another reason than memory) fails the test, after the case's
   * own result is recorded; a case that did not pass at its declared batch fails on its own.
   */
  private void searchFit(GpuBenchExecutionContext context, CaseResult own) {
    FitReport report = fit.search(context.runner(), spec, own);
    context.listener().reportingEntryPublished(this, ReportEntry.from("gpubench.fit",
        String.join(System.lineSeparator(), report.lines())));
    boolean unknown = report.tries().stream().anyMatch(t -> t.verdict() == FitTry.Verdict.FAILED);
    if (unknown && own.status() == io.gpubench.api.result.CaseStatus.PASSED) {
      throw new AssertionFailedError("gpubench.fit: " + report.lines().get(0));
    }
  }

  /**
   * The files the case produced (its report, a JFR recording) as the test's file entries, which IDEs and build tools
   * show beside the test, and what could not be recorded as a report entry.
   */
  private void publishFiles(GpuBenchExecutionContext context, CaseDriver.Outcome outcome) {
    for (var f : outcome.files()) {
      Path path = Path.of(f.path());
      if (Files.isRegularFile(path)) {
        context.listener().fileEntryPublished(this, FileEntry.from(path, f.mediaType()));
      }
    }
    if (!outcome.notes().isEmpty()) {
      context.listener().reportingEntryPublished(this,
          ReportEntry.from("gpubench.recording", String.join("; ", outcome.notes())));
    }
  }

  CaseSpec spec() {
    return spec;
  }

  /** The key figures, as IDEs and Surefire show report entries. */
  private static Map<String, String> entries(CaseResult r) {
    Map<String, String> e = new LinkedHashMap<>();
    var s = r.timing().primary();
    e.put("gpubench.median", Figures.duration(s.median()) + String.format(Locale.ROOT, " ±%.2f%%",
        s.relativeHalfWidth() * 100));
    e.put("gpubench.mean", Figures.duration(s.mean()));
    if (r.timing().batch() != null && r.timing().device() != null) {
      e.put("gpubench.singleCallMedian", Figures.duration(r.timing().device().median()));
      e.put("gpubench.batchCalls", String.valueOf(r.timing().batchCalls()));
    }
    String spent = io.gpubench.results.compare.CaseDigest.secondsSpent(r);
    if (spent != null) {
      e.put("gpubench.seconds", spent);
    }
    e.put("gpubench.trials", s.n() + " (" + r.timing().stop() + ")");
    e.put("gpubench.firstCall", Figures.duration(r.timing().firstCallNanos()));
    if (r.timing().warmup() != null) {
      e.put("gpubench.warmup", r.timing().warmup().end().name().toLowerCase(Locale.ROOT) + ", "
          + Figures.duration(r.timing().warmup().seconds() * 1e9));
    }
    if (!r.flags().isEmpty()) {
      e.put("gpubench.flags", String.join(", ", r.flags().stream().map(io.gpubench.api.result.Flag::code).toList()));
    }
    if (r.timing().deviceTiming() != null) {
      e.put("gpubench.deviceTiming", r.timing().deviceTiming().name().toLowerCase(Locale.ROOT));
    }
    if (r.timing().launchInclusive() != null) {
      e.put("gpubench.launchInclusiveMedian", Figures.duration(r.timing().launchInclusive().median()));
    }
    if (r.throughput() != null && r.throughput().flopsPerSecond() != null) {
      e.put("gpubench.gflops", String.format(Locale.ROOT, "%.4g", r.throughput().flopsPerSecond() / 1e9));
      e.put("gpubench.flops", Figures.rate(r.throughput().flopsPerSecond(), "FLOP/s"));
    }
    if (r.throughput() != null && r.throughput().itemsPerSecond() != null) {
      e.put("gpubench.itemsPerSecond", String.format(Locale.ROOT, "%.4g", r.throughput().itemsPerSecond()));
    }
    if (r.correctness() != null) {
      for (Check c : r.correctness().checks()) {
        e.put("gpubench." + c.metric(), c.describe());
      }
    }
    if (r.audit() != null) {
      e.put("gpubench.kernels", r.audit().isSkipped() ? "audit skipped: " + r.audit().skipReason()
          : KernelShares.line(r.audit()));
    }
    e.putAll(io.gpubench.results.compare.MemoryFigures.entries(r.memory()));
    r.flags().forEach(f -> e.put("gpubench.flag." + f.code(), f.detail()));
    r.axisOverrides().forEach((axis, key) -> e.put("gpubench.axis." + axis,
        r.shape().get(axis).text() + " (overridden: " + key + ")"));
    return e;
  }

  /**
   * The stack trace of a throwable in a worker process, as text: the cause of the case's error in the test report,
   * so that IDEs and Surefire show where the benchmark code threw.
   */
  static final class WorkerStackTrace extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WorkerStackTrace(String stackTrace) {
      super("in the worker process:\n" + stackTrace, null, false, false);
    }
  }

  /** A case whose workload threw: the message says what, the cause keeps the stack trace. */
  static final class CaseErrorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CaseErrorException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
