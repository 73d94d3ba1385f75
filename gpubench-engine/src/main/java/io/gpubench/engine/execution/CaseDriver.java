package io.gpubench.engine.execution;

import io.gpubench.api.CacheMode;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Spent;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The protocol of one case, as the engine drives it: set-up, the checked call, warm-up calls compared with it,
 * timed trials until the stopping rule decides (with the recorders the run asks for around them; a runner of one rank
 * runs the rule beside its trials and stops on it, {@link TrialSeries#ask}), one more call
 * under the kernel audit, the last agreement check, the inputs, tear-down. The steps run wherever the
 * {@link CaseChannel} runs them (a worker process, or this JVM); every figure comes back as data, and every verdict
 * is made on this side: stopping here, tolerances, agreement and the roofline in {@link FinishedCase}, the forks
 * in {@link ForkedOutcome}. It never throws: every outcome, skips, failures and
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
   *     already, and the trials ran at the level it settled on (so that a second fork would time the same compiled
   *     loop)
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
   * @param workerStartSeconds how long the case waited for this fork's worker to start; 0 where it was kept from an
   *     earlier case (a worker started ahead of the case may have been ready before it)
   * @param freshWorker whether this fork's worker was started for it, so that the case is the first that JVM runs
   */
  public record Fork(int index, int count, int callsPerTrial, int batchCalls, double workerStartSeconds,
      boolean freshWorker) {

    /**
     * A fork whose worker is not known to be fresh.
     *
     * @param index the fork's number, from 0
     * @param count how many forks measure the case
     * @param callsPerTrial the calls per trial the first fork settled on, for the later ones; 0 for the first
     * @param batchCalls the calls of the batch trial the first fork settled on (0 for none), for the later ones
     * @param workerStartSeconds how long the case waited for this fork's worker to start
     */
    public Fork(int index, int count, int callsPerTrial, int batchCalls, double workerStartSeconds) {
      this(index, count, callsPerTrial, batchCalls, workerStartSeconds, false);
    }

    /**
     * This fork, its worker started for it after the case waited so many seconds.
     *
     * @param seconds the wait's seconds
     * @return the fork
     */
    public Fork startedIn(double seconds) {
      return new Fork(index, count, callsPerTrial, batchCalls, seconds, true);
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
        spec.dims().axes(), spec.precision(), backendId, spec.seed(), spec.allowance().range(), spec.trials().cache(),
        spec.trials().deviceTiming(), telemetryIntervalMillis);
    try {
      return protocol(spec, request, channel, fork);
    } catch (StepFailed e) {
      Steps.Released released = channel.abandon();
      Failure f = e.failure();
      if (f.member() == null && f.phase().isCall()) {
        // a worker lost in a call (a hang, a death) could not say whose call it was; the engine knows
        f = new Failure(f.phase(), spec.workload().member(), f.description(), f.stackTrace(), f.skip(),
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
    // A runner of one rank runs the stopping rule beside its trials and stops on it, and the end of the case follows
    // in the same exchange: the whole case is one round trip unless its trials outlast a slice of time. The rule's
    // budget is what the warm-up leaves of the fork's, which the runner computes from the replies before it as this
    // side does. The ranks of a world take the policy's fewest trials first, then batches, then the end.
    boolean untilDecided = spec.world() == null;
    Steps.WarmupCharge charge = policy.warmupWithinBudget() && plan.settle() != null
        ? Warming.charge(policy, fork.freshWorker()) : null;
    List<Step.Call> endSteps = List.of(Step.END_TRIALS.with(null), Step.COLLECT.with(recording.audit(spec)),
        Step.FINISH.with(null));
    if (untilDecided) {
      front.add(Step.TRIALS.with(TrialSeries.untilDecided(policy, charge)));
      front.addAll(endSteps);
    } else {
      front.add(Step.TRIALS.with(Steps.TrialsAsk.count(TrialSeries.firstBatch(policy))));
    }
    List<Object> replies = channel.run(front);
    Steps.Prepared prepared = (Steps.Prepared) replies.get(0);
    Steps.Checked first = (Steps.Checked) replies.get(1);
    int k = 2;
    Steps.Warmed warmed = plan.further() > 0 ? (Steps.Warmed) replies.get(k++) : null;
    Steps.Settled settled = plan.settle() != null ? (Steps.Settled) replies.get(k++) : null;
    k++; // instrument
    Steps.Started started = (Steps.Started) replies.get(k++);
    Steps.TrialBatch batch = (Steps.TrialBatch) replies.get(k++);

    Verdicts verdicts = new Verdicts(spec, prepared.hasReference());
    verdicts.checked(first);
    if (warmed != null) {
      verdicts.later(warmed.agreement());
    }
    Warming.Result warm = plan.result(first, warmed, settled);
    TrialPolicy trialPolicy = charge != null
        ? policy.withBudgetSeconds(charge.trialSeconds(warm.warmup().seconds())) : policy;
    TrialSeries series = new TrialSeries(trialPolicy, started.callsPerTrial(), started.batchCalls());
    series.add(batch);
    List<Object> end;
    if (untilDecided) {
      sameStop(series, batch);
      end = replies.subList(k, replies.size());
      while (end.isEmpty()) {
        // the slice of time ran out before the rule decided: more trials, with the end behind them again
        List<Step.Call> calls = new ArrayList<>(endSteps.size() + 1);
        calls.add(Step.TRIALS.with(series.ask(true)));
        calls.addAll(endSteps);
        List<Object> got = channel.run(calls);
        batch = (Steps.TrialBatch) got.get(0);
        series.add(batch);
        sameStop(series, batch);
        end = got.subList(1, got.size());
      }
    } else {
      while (!series.decided()) {
        series.add(channel.trials(series.ask(false)));
      }
      end = channel.run(endSteps);
    }
    Steps.TrialsEnded ended = (Steps.TrialsEnded) end.get(0);
    Steps.Collected collected = (Steps.Collected) end.get(1);
    Steps.Finished finished = (Steps.Finished) end.get(2);
    long done = System.nanoTime();
    double total = (done - began) / 1e9;
    double endSeconds = finished.seconds();
    double other = Math.max(0, total - endSeconds - prepared.seconds() - warm.warmup().seconds()
        - series.runnerSeconds());
    Spent spent = new Spent(fork.workerStartSeconds(), prepared.seconds(), warm.warmup().seconds(),
        warm.warmup().rounds(), series.runnerSeconds(), endSeconds, other, 1, total + fork.workerStartSeconds());
    Timing timing = series.timing(ended, first.firstCallNanos(), warm.calls(), warm.warmup(), spent);

    CaseResult result = FinishedCase.result(spec, policy, verdicts, series, timing, ended, collected, finished);
    return new Outcome(result, null, null, finished.runnerFault(), collected.files(), collected.notes(),
        warm.atOnce() && trialsAtWarmupLevel(spec, settled, ended, series));
  }

  /**
   * Fails the case's runner where its stopping rule stopped elsewhere than the engine's on the same trials: both run
   * {@link io.gpubench.engine.statistics.TrialStream} on the same figures, so a difference is a runner of another
   * build, unfit for more cases.
   */
  private static void sameStop(TrialSeries series, Steps.TrialBatch batch) throws StepFailed {
    String elsewhere = series.stopsElsewhere(batch);
    if (elsewhere != null) {
      throw new StepFailed(new Failure(io.gpubench.engine.protocol.Phase.TRIALS, null, elsewhere, null, false, true),
          null);
    }
  }

  /**
   * Whether the trials ran at the level the warm-up settled on, as far as the two can be compared: steady at once
   * stands for "the trials timed the code the warm-up settled on", and trials at another level are no evidence of
   * it, whatever moved them. Host-timed trials of a warm cache time the loop the rounds ran; device-timed and
   * cold-cache trials time what the rounds did not, and are taken as they are.
   */
  private static boolean trialsAtWarmupLevel(CaseSpec spec, Steps.Settled settled, Steps.TrialsEnded ended,
      TrialSeries series) {
    if (settled == null || settled.rounds().isEmpty() || ended.deviceClock() != null
        || spec.trials().cache() != CacheMode.HOT) {
      return true;
    }
    Steps.Round last = settled.rounds().get(settled.rounds().size() - 1);
    return ForkChoices.atWarmupLevel(last.perCallNanos(), series.primary());
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
}
