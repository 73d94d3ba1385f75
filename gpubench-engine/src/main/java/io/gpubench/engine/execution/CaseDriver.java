package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.Spent;
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
import io.gpubench.engine.protocol.Step;
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
   * @param steadyAtOnce whether the warm-up found the code steady from its first round, its trial loop compiled
   *     already (so that a second fork would time the same compiled loop)
   */
  public record Outcome(CaseResult result, Throwable cause, String stackTrace, String runnerFault,
      List<Steps.CaseFile> files, List<String> notes, boolean steadyAtOnce) {

    /**
     * Copies the lists.
     *
     * @param result result
     * @param cause cause
     * @param stackTrace stack trace
     * @param runnerFault runner fault
     * @param files files
     * @param notes notes
     * @param steadyAtOnce steady at once
     */
    public Outcome {
      files = List.copyOf(files);
      notes = List.copyOf(notes);
    }

    /**
     * An outcome whose warm-up is not known to have been steady at once.
     *
     * @param result result
     * @param cause cause
     * @param stackTrace stack trace
     * @param runnerFault runner fault
     * @param files files
     * @param notes notes
     */
    public Outcome(CaseResult result, Throwable cause, String stackTrace, String runnerFault,
        List<Steps.CaseFile> files, List<String> notes) {
      this(result, cause, stackTrace, runnerFault, files, notes, false);
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
    return run(spec, channel, backendId, new Fork(0, 1, 0, 0, 0));
  }

  /**
   * Which fork of a case a run is.
   *
   * @param index the fork's number, from 0
   * @param count how many forks measure the case
   * @param callsPerTrial the calls per trial the first fork settled on, for the later ones; 0 for the first
   * @param batchCalls the calls of the batch trial the first fork settled on (0 for none), for the later ones
   * @param workerStartSeconds how long starting this fork's worker took; 0 where it was kept from an earlier case
   */
  public record Fork(int index, int count, int callsPerTrial, int batchCalls, double workerStartSeconds) {

    /**
     * This fork, its worker started in so many seconds.
     *
     * @param seconds the start's seconds
     * @return the fork
     */
    public Fork startedIn(double seconds) {
      return new Fork(index, count, callsPerTrial, batchCalls, seconds);
    }

    /**
     * Whether this fork's worker was started for it, so that the case is the first that JVM runs.
     *
     * @return true where the worker's start was timed
     */
    public boolean freshWorker() {
      return workerStartSeconds > 0;
    }
  }

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
    long began = System.nanoTime();
    TrialPolicy policy = spec.trials().perFork(fork.count());
    double stepLimit = spec.fork() == null || spec.fork().mode() == io.gpubench.api.ForkMode.NONE
        ? Double.POSITIVE_INFINITY : spec.fork().timeoutSeconds();
    Warming.Plan plan = Warming.plan(policy, fork.callsPerTrial(), fork.index() == 0 ? Steps.TrialsPlan.AUTO_BATCH
        : fork.batchCalls(), stepLimit, spec.world() != null, fork.freshWorker());

    // The front of the case, set-up to its first trials, in one exchange: none of the engine's decisions falls
    // between these steps (the runner applies the engine's rule for the calls per trial to what it measured).
    List<Step.Call> front = new ArrayList<>();
    front.add(Step.PREPARE.with(request));
    front.add(Step.CHECKED_CALL.with(null));
    front.addAll(plan.steps());
    // The recorders (a profiler's range and capture, JFR) start right before the trials and stop right after; the
    // kernel audit's call comes after them, never inside the trials.
    front.add(Step.INSTRUMENT.with(recording.instruments(spec)));
    front.add(Step.START_TRIALS.with(plan.trials()));
    front.add(Step.TRIALS.with(TrialSeries.firstBatch(policy)));
    List<Object> replies = channel.run(front);
    Steps.Prepared prepared = (Steps.Prepared) replies.get(0);
    Steps.Checked first = (Steps.Checked) replies.get(1);
    int k = 2;
    Steps.Warmed warmed = plan.further() > 0 ? (Steps.Warmed) replies.get(k++) : null;
    Steps.Settled settled = plan.settle() != null ? (Steps.Settled) replies.get(k++) : null;
    k++; // instrument
    Steps.Started started = (Steps.Started) replies.get(k++);
    Steps.TrialBatch firstBatch = (Steps.TrialBatch) replies.get(k);

    Verdicts verdicts = new Verdicts(spec, prepared.hasReference());
    verdicts.checked(first);
    if (warmed != null) {
      verdicts.later(warmed.agreement());
    }
    Warming.Result warm = plan.result(first, warmed, settled);
    // A warm-up within the budget leaves the trials what it did not use (never nothing: two trials are the fewest).
    TrialPolicy trialPolicy = policy.warmupWithinBudget() && settled != null
        ? policy.withBudgetSeconds(Math.max(MIN_TRIAL_BUDGET_SECONDS, policy.budgetSeconds()
            - Warming.charged(policy, fork.freshWorker(), warm.warmup().seconds())))
        : policy;
    TrialSeries series = new TrialSeries(trialPolicy, started.callsPerTrial(), started.batchCalls());
    series.add(firstBatch);
    while (!series.decided()) {
      series.add(channel.trials(series.nextBatch()));
    }
    long trialsEnd = System.nanoTime();
    List<Object> end = channel.run(List.of(Step.END_TRIALS.with(null), Step.COLLECT.with(recording.audit(spec)),
        Step.FINISH.with(null)));
    Steps.TrialsEnded ended = (Steps.TrialsEnded) end.get(0);
    Steps.Collected collected = (Steps.Collected) end.get(1);
    Steps.Finished finished = (Steps.Finished) end.get(2);
    long done = System.nanoTime();
    double total = (done - began) / 1e9;
    double endSeconds = (done - trialsEnd) / 1e9;
    double other = Math.max(0, total - endSeconds - prepared.seconds() - warm.warmup().seconds()
        - series.runnerSeconds());
    Spent spent = new Spent(fork.workerStartSeconds(), prepared.seconds(), warm.warmup().seconds(),
        warm.warmup().rounds(), series.runnerSeconds(), endSeconds, other, 1, total + fork.workerStartSeconds());
    Timing timing = series.timing(ended, first.firstCallNanos(), warm.calls(), warm.warmup(), spent);

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
      result = result.withFlag(new Flag(Flag.PROFILED, String.join(" and ", collected.recorded())
          + " ran during the trials: their overhead is in the figures"));
    }
    return new Outcome(result, null, null, finished.runnerFault(), collected.files(), collected.notes(),
        warm.atOnce());
  }

  /**
   * A case's outcome with the case's own report ({@code report.md}) written from its final result, that of all its
   * forks, and listed first among its files.
   *
   * @param spec the case
   * @param outcome its outcome
   * @return the outcome with the report among its files
   */
  public Outcome reported(CaseSpec spec, Outcome outcome) {
    List<Steps.CaseFile> others = outcome.files().stream().filter(f -> !recording.isReport(spec, f)).toList();
    return new Outcome(outcome.result(), outcome.cause(), outcome.stackTrace(), outcome.runnerFault(),
        recording.withReport(spec, outcome.result(), others), outcome.notes(), outcome.steadyAtOnce());
  }

  /** The least budget the trials get after a warm-up within the budget: the stopping rule still asks for two. */
  static final double MIN_TRIAL_BUDGET_SECONDS = 1e-3;

  /**
   * The result of a case measured in several forks, from each fork's: the figures of all their trials with an
   * interval that spans the forks ({@link Forks}), the correctness, telemetry and figures of the first fork, every
   * fork's flags, and {@value Flag#FORKS_DISAGREE} where the forks reached different outcomes
   * ({@link io.gpubench.engine.statistics.ForkAgreement}). A fork that did not pass is the case's result.
   *
   * @param spec the case
   * @param forks the forks' outcomes, in order
   * @param forksNote what the runner did about forks that disagree (the further forks it measured), for the flag;
   *     empty for nothing
   * @return the case's outcome
   */
  public Outcome combine(CaseSpec spec, List<Outcome> forks, String forksNote) {
    for (Outcome o : forks) {
      if (o.result().status() != CaseStatus.PASSED) {
        return o;
      }
    }
    if (forks.size() == 1) {
      return forks.get(0);
    }
    CaseResult first = forks.get(0).result();
    List<Timing> timings = forks.stream().map(o -> o.result().timing()).toList();
    Timing timing = Forks.combine(timings, spec.trials().confidence(), spec.trials().target());
    CaseResult last = forks.get(forks.size() - 1).result();
    CaseResult result = Results.of(spec, CaseStatus.PASSED, null, timing, first.correctness(),
        throughput(spec, timing.primary().median()), last.telemetry(), first.memory()).withMetrics(first.metrics())
        .withAudit(first.audit());
    for (Flag f : Forks.flags(forks.stream().map(Outcome::result).toList())) {
      result = result.withFlag(f);
    }
    var disagreement = Forks.disagreement(timings);
    if (disagreement.isPresent()) {
      result = result.withFlag(new Flag(Flag.FORKS_DISAGREE, disagreement.get().detail() + forksNote + "; the case's"
          + " figure is the median of all " + forks.size() + " forks' trials", disagreement.get().ratio()));
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
