package io.gpubench.engine.fit;

import io.gpubench.api.AxisValue;
import io.gpubench.api.Dimensions;
import io.gpubench.api.ForkMode;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.HostMemory;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.FitSettings;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.execution.CaseRunner;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.plan.ForkPolicy;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fit helper for one run ({@link Constants#FIT}): after a matched case has run as declared, measures it at other
 * batches ({@link FitSearch}), each in a worker of its own, so that what a try leaves allocated (a framework's
 * caching allocator keeps what it reserved) is not counted in the next; reports what it found on the console and in
 * {@code fit/<case>.json} of the output folder. The tries are not the run's results: they are measured with a few
 * trials for their memory, not for their time, and are neither journaled nor gated.
 */
public final class CaseFit {
  /** The trials of a try: enough calls for an allocator to reach the peak a longer run holds, no more. */
  static final int TRIALS = 3;

  private final FitSettings settings;
  private final Path dir;
  private final PrintStream out;

  /**
   * Makes the helper of a run.
   *
   * @param settings what the run asks
   * @param outputDir the run's output folder; the reports go to its {@code fit/}
   * @param out where the progress and the report lines go
   */
  public CaseFit(FitSettings settings, Path outputDir, PrintStream out) {
    this.settings = settings;
    this.dir = outputDir.resolve("fit");
    this.out = out;
  }

  /**
   * Searches the case's largest batch, starting from its declared batch, measured again in a worker of its own
   * unless the case's own run failed for another reason than memory.
   *
   * @param runner runs the tries
   * @param spec the case, at its declared batch
   * @param own the case's result at that batch
   * @return what the search found, also written to {@code fit/}
   */
  public FitReport search(CaseRunner runner, CaseSpec spec, CaseResult own) {
    long declared = spec.dims().getLong(FitSettings.AXIS);
    java.util.function.LongFunction<FitTry> measure = batch -> {
      out.println("[gpubench] fit " + spec.displayName() + ": trying batch " + batch);
      return verdict(spec, batch, runner.run(at(spec, batch)).result());
    };
    // The declared batch again, in a worker of its own: the case's own worker may hold what earlier cases left.
    FitTry first = verdict(spec, declared, own);
    if (first.verdict() != FitTry.Verdict.FAILED) {
      first = measure.apply(declared);
    }
    FitSearch.Found found = new FitSearch(settings.maxTries()).search(first, measure);
    Long limit = found.tries().stream().map(FitTry::limitBytes).filter(java.util.Objects::nonNull).findFirst()
        .orElse(null);
    FitReport report = new FitReport(spec.id(), spec.declaration().type().getSimpleName(), declared,
        settings.share(), memory(spec, limit), found.tries(), found.largest(), found.stop());
    report.lines().forEach(l -> out.println("[gpubench] " + l));
    write(spec, report);
    return report;
  }

  /**
   * The case at another batch: one fork in a worker of its own, a few trials after the declared warm-up calls, the
   * axis named as set by {@link Constants#FIT} (so that its result, were it kept, would not pass for the declared).
   */
  static CaseSpec at(CaseSpec spec, long batch) {
    Map<String, AxisValue> axes = new LinkedHashMap<>(spec.dims().axes());
    axes.put(FitSettings.AXIS, new AxisValue.Whole(batch));
    Map<String, String> overrides = new LinkedHashMap<>(spec.axisOverrides());
    overrides.put(FitSettings.AXIS, Constants.FIT);
    TrialPolicy t = spec.trials();
    TrialPolicy trials = new TrialPolicy(t.warmup(), Math.max(2, Math.min(TRIALS, t.max())), Math.max(TRIALS, 2),
        t.target(), t.confidence(), t.budgetSeconds(), t.callsPerTrial(), t.cache(), t.deviceTiming(), 0);
    ForkPolicy f = spec.fork();
    ForkPolicy fork = new ForkPolicy(ForkMode.CASE, f.jvmArgs(), f.timeoutSeconds(), f.startTimeoutSeconds(), 1);
    return new CaseSpec(spec.declaration(), spec.workload(), new Dimensions(axes), spec.precision(), spec.backend(),
        spec.allowance(), trials, spec.seed(), null, fork, spec.world(), overrides);
  }

  /** What one try's result says of its batch. */
  FitTry verdict(CaseSpec spec, long batch, CaseResult r) {
    Long peak = peak(spec, r);
    Long total = spec.backend().id().isCpu() ? hostMemory()
        : r.memory() == null || r.memory().device() == null ? null : r.memory().device().deviceTotalBytes();
    Long limit = total == null ? null : (long) (total * settings.share());
    if (r.status() != CaseStatus.PASSED) {
      String message = r.message() == null ? r.status().name() : r.message();
      return new FitTry(batch, outOfMemory(message) ? FitTry.Verdict.OUT_OF_MEMORY : FitTry.Verdict.FAILED, peak,
          limit, message);
    }
    if (peak == null || limit == null) {
      return new FitTry(batch, FitTry.Verdict.FAILED, peak, limit, spec.backend().id().isCpu()
          ? "the worker's peak resident set or this host's memory was not read (no /proc/self/status VmHWM)"
          : "the worker's device memory was not measured (NVML's per-process figure is absent on this machine)");
    }
    if (peak > limit) {
      return new FitTry(batch, FitTry.Verdict.OVER_SHARE, peak, limit, "peak " + FitReport.gib(peak) + " beyond "
          + FitReport.gib(limit));
    }
    return new FitTry(batch, FitTry.Verdict.FITS, peak, limit, "");
  }

  /**
   * Whether a case's failure was memory running out. The engine words those failures itself, in one sentence each:
   * the JVM's {@code OutOfMemoryError} (thrown, or the heap watch's exit code), and a device's "ran out of memory"
   * ({@code DeviceMemoryMeter.outOfMemory}, for CUDA's and PyTorch's allocators alike).
   */
  static boolean outOfMemory(String message) {
    return message.contains("OutOfMemoryError") || message.contains("ran out of memory");
  }

  private static Long peak(CaseSpec spec, CaseResult r) {
    if (r.memory() == null) {
      return null;
    }
    if (spec.backend().id().isCpu()) {
      HostMemory h = r.memory().host();
      return h == null ? null : h.peakResidentBytes();
    }
    DeviceMemory d = r.memory().device();
    return d == null ? null : d.processPeakBytes();
  }

  /** This host's physical memory: the CPU's "device memory" that a fitting batch stays within a share of. */
  private static Long hostMemory() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return null;
  }

  private String memory(CaseSpec spec, Long limit) {
    String total = limit == null ? "(unknown)" : FitReport.gib((long) (limit / settings.share()));
    return spec.backend().id().isCpu()
        ? "host's memory (" + total + ", the worker's peak resident set; its heap limit ends a try first)"
        : spec.backend().id() + "'s memory (" + total + ", the worker process's device memory from NVML)";
  }

  private void write(CaseSpec spec, FitReport report) {
    try {
      Files.createDirectories(dir);
      String name = (spec.declaration().type().getSimpleName() + "." + spec.workload().name() + "." + spec.segment())
          .replaceAll("[^A-Za-z0-9._=-]+", "_");
      tools.jackson.databind.json.JsonMapper.builder()
          .enable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT).build()
          .writeValue(dir.resolve(name + ".json").toFile(), report);
    } catch (IOException | RuntimeException e) {
      out.println("[gpubench] fit " + spec.displayName() + ": the report could not be written to " + dir + ": " + e);
    }
  }
}
