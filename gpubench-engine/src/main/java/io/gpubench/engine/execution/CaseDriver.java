package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.memory.HostMemoryMeter;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.roofline.Roofline;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The protocol of one case, as the engine drives it: set-up, the checked call, warm-up calls compared with it,
 * timed trials until the stopping rule decides (with the recorders the run asks for around them), one more call
 * under the kernel audit, the last agreement check, the inputs, tear-down. The steps run wherever the
 * {@link CaseChannel} runs them (a worker process, or this JVM); every figure comes back as data, and every verdict
 * is made here: tolerances, agreement, stopping, the roofline. It never throws: every outcome, skips, failures and
 * lost workers included, becomes a {@link CaseResult}.
 */
public final class CaseDriver {
  private final int telemetryIntervalMillis;
  private final CaseRecording recording;

  /**
   * Makes a driver that records what each class declares (its kernel audit) and writes case files under
   * {@code target/gpubench}.
   *
   * @param telemetryIntervalMillis the telemetry sampling interval the runners use
   */
  public CaseDriver(int telemetryIntervalMillis) {
    this(telemetryIntervalMillis, CaseRecording.defaults(Path.of(Constants.DEFAULT_OUTPUT_DIR)));
  }

  /**
   * Makes a driver.
   *
   * @param telemetryIntervalMillis the telemetry sampling interval the runners use
   * @param recording what the run records about each case besides its figures
   */
  public CaseDriver(int telemetryIntervalMillis, CaseRecording recording) {
    this.telemetryIntervalMillis = telemetryIntervalMillis;
    this.recording = recording;
  }

  /**
   * What running a case gave: its result, and for an error run in this JVM the throwable behind it (for the test
   * report's stack trace; the result keeps only its description).
   *
   * @param result the result
   * @param cause the throwable behind an {@link CaseStatus#ERROR} in this JVM, or null
   * @param stackTrace the stack trace behind an {@link CaseStatus#ERROR} as text (from a worker), or null
   * @param runnerFault why the process that ran the case must run no further case, or null
   * @param files the files the case produced (its report, a JFR recording), for the test's file entries
   * @param notes what the run could not record about the case, and why, for the test's report entries
   */
  public record Outcome(CaseResult result, Throwable cause, String stackTrace, String runnerFault,
      List<Steps.CaseFile> files, List<String> notes) {

    /**
     * Copies the lists.
     *
     * @param result result
     * @param cause cause
     * @param stackTrace stack trace
     * @param runnerFault runner fault
     * @param files files
     * @param notes notes
     */
    public Outcome {
      files = List.copyOf(files);
      notes = List.copyOf(notes);
    }

    /**
     * An outcome without files or notes.
     *
     * @param result result
     * @param cause cause
     * @param stackTrace stack trace
     * @param runnerFault runner fault
     */
    public Outcome(CaseResult result, Throwable cause, String stackTrace, String runnerFault) {
      this(result, cause, stackTrace, runnerFault, List.of(), List.of());
    }
  }

  /**
   * Runs a case over a channel.
   *
   * @param spec the case
   * @param channel where its steps run
   * @param backendId the backend as the runner sees it
   * @return its outcome
   */
  public Outcome run(CaseSpec spec, CaseChannel channel, io.gpubench.api.BackendId backendId) {
    return run(spec, channel, backendId, new Fork(0, 1, 0));
  }

  /**
   * Which fork of a case a run is.
   *
   * @param index the fork's number, from 0
   * @param count how many forks measure the case
   * @param callsPerTrial the calls per trial the first fork settled on, for the later ones; 0 for the first
   */
  public record Fork(int index, int count, int callsPerTrial) {}

  /**
   * Runs one fork of a case over a channel: the whole protocol, with the fork's share of the trials.
   *
   * @param spec the case
   * @param channel where its steps run
   * @param backendId the backend as the runner sees it
   * @param fork which fork this is
   * @return its outcome
   */
  public Outcome run(CaseSpec spec, CaseChannel channel, io.gpubench.api.BackendId backendId, Fork fork) {
    CaseRequest request = new CaseRequest(spec.id(), spec.declaration().type().getName(), spec.workload().name(),
        spec.dims().axes(), spec.precision(), backendId, spec.seed(), spec.allowance().range(), spec.trials(),
        telemetryIntervalMillis);
    try {
      return protocol(spec, request, channel, fork);
    } catch (StepFailed e) {
      Steps.Released released = channel.abandon();
      Failure f = e.failure();
      if (f.member() == null && f.phase().isCall()) {
        // a worker lost in a call (a hang, a death) could not say whose call it was; the engine knows
        f = new Failure(f.phase(), workloadMember(spec), f.description(), f.stackTrace(), f.skip(),
            f.runnerUnusable());
      }
      if (f.skip()) {
        return new Outcome(Results.skipped(spec, f.description()), null, null, released.runnerFault());
      }
      String message = f.message() + (released.tearDown() == null ? ""
          : "\n  and then " + released.tearDown().message());
      String fault = released.runnerFault() != null ? released.runnerFault()
          : f.runnerUnusable() ? f.description() : null;
      return new Outcome(Results.error(spec, message), e.getCause(), f.stackTrace(), fault);
    }
  }

  /** The roofline of a case: for a world, its size bound to {@code w} and the world's peaks. */
  private static Throughput throughput(CaseSpec spec, double median) {
    BenchmarkDeclaration.Cost cost = spec.declaration().cost();
    int w = spec.world() == null ? 1 : spec.world().size();
    return Roofline.of(
        BenchmarkDeclaration.Cost.evaluate(cost.flops(), spec.dims(), spec.precision(), w),
        BenchmarkDeclaration.Cost.evaluate(cost.bytes(), spec.dims(), spec.precision(), w),
        BenchmarkDeclaration.Cost.evaluate(cost.items(), spec.dims(), spec.precision(), w),
        BenchmarkDeclaration.Cost.evaluate(cost.busBytes(), spec.dims(), spec.precision(), w),
        median, spec.precision(), spec.world() == null ? spec.backend().peaks() : spec.world().peaks());
  }

  private static String workloadMember(CaseSpec spec) {
    return (spec.workload().kind() == io.gpubench.engine.declaration.WorkloadDeclaration.Kind.MODEL ? "@Model "
        : "@Measure ") + spec.workload().method().getName() + "()";
  }

  private Outcome protocol(CaseSpec spec, CaseRequest request, CaseChannel channel, Fork fork) throws StepFailed {
    BenchmarkDeclaration decl = spec.declaration();
    TrialPolicy policy = spec.trials().perFork(fork.count());
    Steps.Prepared prepared = channel.prepare(request);
    Verdicts verdicts = new Verdicts(spec, prepared.hasReference());

    Steps.Checked first = channel.checkedCall();
    verdicts.checked(first);
    double stepLimit = spec.fork() == null || spec.fork().mode() == io.gpubench.api.ForkMode.NONE
        ? Double.POSITIVE_INFINITY : spec.fork().timeoutSeconds();
    Warming.Result warm = Warming.run(channel, policy, first, prepared.deviceClock() == null, verdicts,
        fork.callsPerTrial(), stepLimit, spec.world() != null);

    // The recorders (a profiler's range and capture, JFR) start right before the trials and stop right after; the
    // kernel audit's call comes after them, never inside the trials.
    channel.instrument(recording.instruments(spec));
    channel.startTrials(warm.callsPerTrial());
    TrialSeries series = new TrialSeries(policy, warm.callsPerTrial());
    while (!series.decided()) {
      series.add(channel.trials(series.nextBatch()));
    }
    Steps.TrialsEnded ended = channel.endTrials();
    Steps.Collected collected = channel.collect(recording.audit(spec));
    Timing timing = series.timing(ended, first.firstCallNanos(), warm.calls(), warm.warmup());

    Steps.Finished finished = channel.finish();
    if (finished.agreement() != null) {
      verdicts.later(List.of(finished.agreement()));
    }
    Correctness correctness = verdicts.correctness(finished.changedInputs());
    Throughput throughput = throughput(spec, timing.primary().median());
    Telemetry telemetry = ended.telemetry();
    Memory memory = finished.memory();
    Map<String, Metric> metrics = finished.metrics();

    List<String> problems = new ArrayList<>(verdicts.misses(finished.changedInputs()));
    CaseStatus status = CaseStatus.PASSED;
    String message = null;
    if (!problems.isEmpty()) {
      status = CaseStatus.FAILED;
      message = spec.displayName() + " missed its tolerance:\n  " + String.join("\n  ", problems);
    }
    if (finished.tearDown() != null) {
      status = CaseStatus.ERROR;
      message = (message == null ? "" : message + "\n") + finished.tearDown().message();
    }
    CaseResult result = Results.of(spec, status, message, timing, correctness, throughput, telemetry, memory)
        .withMetrics(metrics).withAudit(collected.audit());
    for (Flag f : CaseFlags.of(policy, series, timing, telemetry)) {
      result = result.withFlag(f);
    }
    if (memory != null && memory.host() != null) {
      result = HostMemoryMeter.gcFlag(memory.host()).map(result::withFlag).orElse(result);
    }
    if (!collected.recorded().isEmpty()) {
      result = result.withFlag(new Flag("profiled", String.join(" and ", collected.recorded())
          + " ran during the trials: their overhead is in the figures"));
    }
    return new Outcome(result, null, null, finished.runnerFault(),
        recording.withReport(spec, result, collected.files()), collected.notes());
  }

  /**
   * The result of a case measured in several forks, from each fork's: the figures of all their trials with an
   * interval that spans the forks ({@link Forks}), the correctness, telemetry and figures of the first fork, and every
   * fork's flags. A fork that did not pass is the case's result.
   *
   * @param spec the case
   * @param forks the forks' outcomes, in order
   * @return the case's outcome
   */
  public Outcome combine(CaseSpec spec, List<Outcome> forks) {
    for (Outcome o : forks) {
      if (o.result().status() != CaseStatus.PASSED) {
        return o;
      }
    }
    if (forks.size() == 1) {
      return forks.get(0);
    }
    CaseResult first = forks.get(0).result();
    Timing timing = Forks.combine(forks.stream().map(o -> o.result().timing()).toList(), spec.trials().confidence());
    CaseResult last = forks.get(forks.size() - 1).result();
    CaseResult result = Results.of(spec, CaseStatus.PASSED, null, timing, first.correctness(),
        throughput(spec, timing.primary().median()), last.telemetry(), first.memory()).withMetrics(first.metrics())
        .withAudit(first.audit());
    for (Flag f : Forks.flags(forks.stream().map(Outcome::result).toList())) {
      result = result.withFlag(f);
    }
    String fault = forks.stream().map(Outcome::runnerFault).filter(java.util.Objects::nonNull).findFirst()
        .orElse(null);
    // every fork records into the case's folder: a file once, as the last fork left it
    return new Outcome(result, null, null, fault, forks.stream().flatMap(o -> o.files().stream())
        .collect(Collectors.toMap(Steps.CaseFile::path, f -> f, (a, b) -> b, LinkedHashMap::new)).values().stream()
        .toList(),
        forks.stream().flatMap(o -> o.notes().stream()).distinct().toList());
  }
}
