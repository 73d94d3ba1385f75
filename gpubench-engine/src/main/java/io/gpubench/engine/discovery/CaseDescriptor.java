package io.gpubench.engine.discovery;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Check;
import io.gpubench.engine.execution.CaseDriver;
import io.gpubench.engine.execution.Results;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.results.compare.Figures;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.UniqueId;
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

  CaseDescriptor(UniqueId parentId, CaseSpec spec) {
    super(parentId.append(SEGMENT_TYPE, spec.segment()), spec.displayName(),
        MethodSource.from(spec.workload().method()));
    this.spec = spec;
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

  /** The key figures, as IDEs and Surefire show report entries. */
  private static Map<String, String> entries(CaseResult r) {
    Map<String, String> e = new LinkedHashMap<>();
    var s = r.timing().primary();
    e.put("gpubench.median", Figures.duration(s.median()));
    e.put("gpubench.mean", Figures.duration(s.mean()) + String.format(Locale.ROOT, " ±%.2f%%", s.relativeHalfWidth() * 100));
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
