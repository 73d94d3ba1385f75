package io.gpubench.engine.protocol;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.statistics.TrialStream;
import java.util.List;
import java.util.Map;

/** The answers of the runner to each step of a case, as data the engine decides on. */
public final class Steps {

  private Steps() {}

  /**
   * The case is set up: instance made, backend opened, {@code @Setup} run, the reference computed.
   *
   * @param hasReference whether the outputs are checked against a reference
   * @param inputs the names of the inputs the runner checks for changes
   * @param deviceClock the name of the device timer that will time the trials, or null where the host clock times
   *     them (the engine then picks the calls per trial that {@code callsPerTrial = 0} asks for)
   * @param seconds how long the set-up took in the runner (a worker's first case of a class loads the class too)
   */
  public record Prepared(boolean hasReference, List<String> inputs, String deviceClock, double seconds) {

    /**
     * A set-up whose time was not measured.
     *
     * @param hasReference whether there is a reference
     * @param inputs input names
     * @param deviceClock the device timer, or null
     */
    public Prepared(boolean hasReference, List<String> inputs, String deviceClock) {
      this(hasReference, inputs, deviceClock, 0);
    }

    /**
     * A case timed on the host clock.
     *
     * @param hasReference whether there is a reference
     * @param inputs input names
     */
    public Prepared(boolean hasReference, List<String> inputs) {
      this(hasReference, inputs, null, 0);
    }
  }

  /**
   * The checked first call.
   *
   * @param firstCallNanos its host time, synchronised, reported apart from the trials
   * @param error its output against the reference, or null without a reference
   * @param shapeMismatch why the output's dimensions differ from the reference's, or null when they agree
   */
  public record Checked(double firstCallNanos, ErrorStats error, String shapeMismatch) {}

  /**
   * Further warm-up calls: checked calls one at a time, or a round of calls made as trials make them.
   *
   * @param callNanos the host time per call of each timed unit: a checked call, or a batch of a round (its time
   *     divided by its calls)
   * @param agreement each checked call's output against the checked call's, or empty
   * @param compilationMillis the JIT compilation time of the runner's JVM during these calls (compilations that
   *     ended), or -1 where unknown
   * @param compilerCpuMillis the CPU time of the runner's JIT compiler threads during these calls (compilations
   *     that ran, ended or not), or -1 where unknown
   * @param seconds the host time the calls took, timing included
   */
  public record Warmed(List<Double> callNanos, List<ErrorStats> agreement, double compilationMillis,
      double compilerCpuMillis, double seconds) {

    /**
     * Warm-up calls without the compiler threads' time.
     *
     * @param callNanos times per call
     * @param agreement agreement
     * @param compilationMillis compilation time
     */
    public Warmed(List<Double> callNanos, List<ErrorStats> agreement, double compilationMillis) {
      this(callNanos, agreement, compilationMillis, -1, callNanos.stream().mapToDouble(Double::doubleValue).sum() / 1e9);
    }
  }

  /**
   * What the engine asks of the warm-up until steady, after the declared calls: the runner measured the time so far
   * and the time per call itself (the engine sends the whole front of a case in one batch, before either is known).
   *
   * @param capSeconds the most seconds of warm-up, the declared calls included
   * @param callsPerTrial the calls per trial to keep (a later fork keeps the first fork's), or 0 for the engine's rule
   *     ({@link io.gpubench.engine.statistics.CallsPerTrial} on the host clock, round by round; one call on a
   *     device clock)
   * @param capBy what set the cap, for the detail of a warm-up it cut short, such as {@code "90% of the fork's
   *     budget of 2.50 s"}
   * @param reserve where the cap is a share of the fork's budget, the trials the warm-up must leave time for; else
   *     {@link Reserve#NONE}
   */
  public record SettlePlan(double capSeconds, int callsPerTrial, String capBy, Reserve reserve) {}

  /**
   * The trials a warm-up within a budget leaves time for: it ends by the budget less that many trials at the time a
   * trial takes by the latest round, so that the declared fewest trials are made ({@code @Trials(min)}), not cut by
   * the budget after two.
   *
   * @param trials the trials to leave time for; 0 for none
   * @param budgetSeconds the seconds the warm-up and the trials share
   */
  public record Reserve(int trials, double budgetSeconds) {
    /** No reserve. */
    public static final Reserve NONE = new Reserve(0, 0);
  }

  /**
   * How the trials are to be made.
   *
   * @param callsPerTrial the calls each trial makes, or 0 for the warm-up's (where it did not settle: the engine's
   *     rule over the declared calls' time on the host clock, one call on a device clock)
   * @param batchCalls the calls of a batch trial beside each trial: {@link #AUTO_BATCH} for the engine's rule (on a
   *     device clock in graph or blocked mode, a call under ~50 µs gets one:
   *     {@link io.gpubench.engine.statistics.CallsPerTrial#batch}), 0 for none, or a count a later fork keeps
   */
  public record TrialsPlan(int callsPerTrial, int batchCalls) {
    /** {@link #batchCalls()}: the engine's rule decides, from one untimed trial. */
    public static final int AUTO_BATCH = -1;
  }

  /**
   * The trials are ready.
   *
   * @param callsPerTrial the calls each trial makes (what the engine asked, or where it left the runner the choice, the
   *     warm-up's)
   * @param batchCalls where the device times a trial's calls apart from their launch (graph or blocked trials) and a
   *     call is short, the calls of the batch trial timed beside each trial ({@code Timing.batch}); 0 for none
   */
  public record Started(int callsPerTrial, int batchCalls) {}

  /**
   * What the warm-up until steady is asked to do, after the declared calls, as the runner hands it on.
   *
   * @param capSeconds the most seconds of warm-up, the declared calls included
   * @param spentSeconds the seconds the checked and declared calls took
   * @param perCallNanos the time per call so far, for sizing the first round
   * @param callsPerTrial the calls per trial (and per batch of a round) to start with
   * @param autoCalls whether the calls per trial follow the time per call, round by round
   * @param reserve the trials the warm-up leaves time for
   */
  public record SettleRequest(double capSeconds, double spentSeconds, double perCallNanos, int callsPerTrial,
      boolean autoCalls, Reserve reserve) {}

  /**
   * One round of warm-up calls, made as trials make them.
   *
   * @param batches batches in the round
   * @param callsPerBatch calls in each
   * @param perCallNanos the median time per call over the batches
   * @param compilationMillis JIT compilation time that ended during the round, or -1 where unknown
   * @param compilerCpuMillis CPU time of the JIT's compiler threads during the round, or -1 where unknown
   * @param runnableCompilers compiler threads runnable (compiling, or waiting for a CPU to) at the round's end, or -1
   *     where unknown
   * @param seconds the round's duration
   */
  public record Round(int batches, int callsPerBatch, double perCallNanos, double compilationMillis,
      double compilerCpuMillis, int runnableCompilers, double seconds) {}

  /**
   * The warm-up until steady is over.
   *
   * @param rounds every round, in order
   * @param steady whether it ended steady (else at the cap)
   * @param detail the rule's figures
   * @param seconds the seconds the rounds took
   * @param calls the calls the rounds made
   * @param callsPerTrial the calls per trial to time with
   * @param atOnce whether it was steady at once: the trial loop due for C2 before the first round (the worker had
   *     compiled it already, for another case of the workload) and the JIT quiet through the rounds: nothing was left
   *     to compile
   */
  public record Settled(List<Round> rounds, boolean steady, String detail, double seconds, long calls,
      int callsPerTrial, boolean atOnce) {

    /**
     * A warm-up not known to be steady at once.
     *
     * @param rounds rounds
     * @param steady steady
     * @param detail detail
     * @param seconds seconds
     * @param calls calls
     * @param callsPerTrial calls per trial
     */
    public Settled(List<Round> rounds, boolean steady, String detail, double seconds, long calls,
        int callsPerTrial) {
      this(rounds, steady, detail, seconds, calls, callsPerTrial, false);
    }
  }

  /**
   * What the engine asks a runner for at a step of trials: a count of trials, or trials until the stopping rule
   * decides, the runner running the same {@link TrialStream} on them as the engine does.
   *
   * @param count the most trials to measure in this reply (discarded ones included)
   * @param until the rule's terms to stop on, or null to measure {@code count} trials
   * @param sliceSeconds with {@code until}, the most seconds of trials before the runner replies undecided (the engine
   *     asks again; the runner's stream goes on from where it was)
   * @param charge with {@code until}, where the warm-up in the same exchange pays for part of the budget: the rule's
   *     budget is then what it leaves ({@link #resolved}); null where {@code until}'s budget is the trials' own
   */
  public record TrialsAsk(int count, TrialStream.Rule until, double sliceSeconds, WarmupCharge charge) {

    /**
     * Trials until the rule decides, or a count, with a budget of their own.
     *
     * @param count the most trials in this reply, or the count
     * @param until the rule's terms, or null for a count
     * @param sliceSeconds the most seconds before an undecided reply
     */
    public TrialsAsk(int count, TrialStream.Rule until, double sliceSeconds) {
      this(count, until, sliceSeconds, null);
    }

    /**
     * A count of trials.
     *
     * @param count how many
     * @return the request
     */
    public static TrialsAsk count(int count) {
      return new TrialsAsk(count, null, 0);
    }

    /**
     * This request with the rule's budget the warm-up left, from the replies of the steps before it in its exchange
     * (the engine computes the same budget from the same replies, {@link WarmupCharge#trialSeconds}, so that both
     * sides' rules have equal terms); unchanged where it has no charge.
     *
     * @param before the replies so far in the exchange
     * @return the request the runner runs
     */
    public TrialsAsk resolved(List<Object> before) {
      if (charge == null) {
        return this;
      }
      Checked first = null;
      Warmed warmed = null;
      Settled settled = null;
      for (Object r : before) {
        if (r instanceof Checked c) {
          first = c;
        } else if (r instanceof Warmed w) {
          warmed = w;
        } else if (r instanceof Settled st) {
          settled = st;
        }
      }
      if (first == null || settled == null) {
        throw new IllegalArgumentException("trials whose budget the warm-up pays for were asked for in an exchange"
            + " without the checked call and the warm-up before them");
      }
      double budget = charge.trialSeconds(warmupSeconds(first, warmed, settled));
      return new TrialsAsk(count, new TrialStream.Rule(until.min(), until.max(), until.target(), until.confidence(),
          budget), sliceSeconds, null);
    }
  }

  /**
   * A case's warm-up seconds as its replies give them: the checked call's, the declared calls' and the rounds'. One
   * sum for both sides, in one order, so that a budget made from it is the same double in the engine and the runner.
   *
   * @param first the checked call
   * @param warmed the declared calls, or null without any
   * @param settled the rounds until steady, or null without them
   * @return seconds
   */
  public static double warmupSeconds(Checked first, Warmed warmed, Settled settled) {
    double seconds = first.firstCallNanos() * 1e-9 + (warmed == null ? 0 : warmed.seconds());
    return settled == null ? seconds : seconds + settled.seconds();
  }

  /**
   * How a case's warm-up is charged to its fork's budget, for trials asked for in the same exchange as the warm-up.
   *
   * @param budgetSeconds the fork's budget, warm-up and trials together
   * @param chargeCapSeconds the most warm-up seconds the budget pays for (a fresh worker's first case may warm up
   *     beyond its share, outside the budget), or infinity
   * @param leastSeconds the least the trials get, whatever the warm-up took
   */
  public record WarmupCharge(double budgetSeconds, double chargeCapSeconds, double leastSeconds) {

    /**
     * The trials' budget after a warm-up.
     *
     * @param warmupSeconds the warm-up's seconds ({@link Steps#warmupSeconds})
     * @return seconds
     */
    public double trialSeconds(double warmupSeconds) {
      return Math.max(leastSeconds, budgetSeconds - Math.min(warmupSeconds, chargeCapSeconds));
    }
  }

  /**
   * Timed trials as the runner measured them, each with the conditions it ran under.
   *
   * @param times each trial's time, for all its calls
   * @param conditions each trial's conditions (null where nothing observed them), or empty where none were observed
   * @param batches each trial's batch trial, for all the batch's calls; empty where there is none
   * @param seconds the runner's seconds of the batch, what runs between trials included
   * @param decided whether the runner's stopping rule decided on the last of them (a request until the rule decides);
   *     false for a count, and for a request whose slice of time ran out first: then the steps after it in the same
   *     exchange were not run ({@link Step#endsExchange})
   */
  public record TrialBatch(List<TrialClock.TrialTime> times, List<TrialConditions> conditions, List<Double> batches,
      double seconds, boolean decided) {

    /**
     * Trials without telemetry.
     *
     * @param times the times
     */
    public TrialBatch(List<TrialClock.TrialTime> times) {
      this(times, List.of(), List.of(), 0, false);
    }

    /**
     * Trials without batch figures.
     *
     * @param times the times
     * @param conditions the conditions
     */
    public TrialBatch(List<TrialClock.TrialTime> times, List<TrialConditions> conditions) {
      this(times, conditions, List.of(), 0, false);
    }

    /**
     * Copies the lists (the conditions may hold nulls).
     *
     * @param times times
     * @param conditions conditions
     * @param batches batch trials' device times
     * @param seconds the batch's seconds
     * @param decided whether the runner's rule decided
     */
    public TrialBatch {
      times = List.copyOf(times);
      conditions = conditions == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(conditions));
      batches = batches == null ? List.of() : List.copyOf(batches);
    }
  }

  /**
   * The trials are over.
   *
   * @param deviceClock the device clock's name, or null for host time only
   * @param deviceTiming how device time was taken, or null without a device clock
   * @param deviceTimingReason why that mode, or null
   * @param telemetry the device's telemetry during the trials, or null
   */
  public record TrialsEnded(String deviceClock, DeviceTiming deviceTiming, String deviceTimingReason,
      Telemetry telemetry) {}

  /**
   * The case is done: last agreement check, inputs, memory, figures, tear-down.
   *
   * @param agreement the last call's output against the checked call's, or null without a reference
   * @param changedInputs the inputs a call changed
   * @param memory the peak device memory, or null
   * @param metrics the figures the workload recorded
   * @param tearDown the tear-down's failure, or null
   * @param runnerFault why the process that ran the case must run no further case (a device error that poisons
   *     the context), or null
   * @param seconds the runner's seconds from the end of the trials to the end of this step (the trials' end, the
   *     audit, the last check, tear-down)
   */
  public record Finished(ErrorStats agreement, List<String> changedInputs, Memory memory,
      Map<String, Metric> metrics, Failure tearDown, String runnerFault, double seconds) {}

  /**
   * What to record around a case's timed trials besides the figures, sent right before {@link CaseChannel#startTrials}.
   *
   * @param caseId the case's id, which names its ranges on a profiler's timeline
   * @param directory where the case's files go (absolute), or null when it makes none
   * @param capture whether the trials are a profiler capture range ({@code cuProfilerStart}/{@code Stop})
   * @param jfr whether Java Flight Recorder records the trials into {@code trials.jfr} in {@code directory}
   */
  public record Instruments(String caseId, String directory, boolean capture, boolean jfr) {}

  /**
   * Whether the case gets a kernel audit, sent right after {@link CaseChannel#endTrials}.
   *
   * @param audit whether one more call runs under the device's kernel auditor
   * @param offReason why not, for the result of a device that could audit (such as {@code gpubench.audit=false})
   */
  public record AuditRequest(boolean audit, String offReason) {}

  /**
   * A file a case produced, for the test's file entries.
   *
   * @param path its absolute path
   * @param mediaType its media type, such as {@code text/markdown}
   */
  public record CaseFile(String path, String mediaType) {}

  /**
   * What the trials' recorders and the kernel audit left.
   *
   * @param audit the kernel audit, skipped with its reason, or null where the device has no auditor (the CPU)
   * @param files the files made (a JFR recording)
   * @param notes what could not be recorded, and why (no JFR in this runtime, no profiler capture on the CPU ...)
   * @param recorded what recorded the trials, costing time in them: {@code a JFR recording},
   *     {@code a capture by Nsight Systems (...)}; empty when nothing did
   */
  public record Collected(KernelAudit audit, List<CaseFile> files, List<String> notes, List<String> recorded) {

    /** Nothing recorded, nothing audited. */
    public static final Collected NONE = new Collected(null, List.of(), List.of(), List.of());

    /**
     * Copies the lists.
     *
     * @param audit audit
     * @param files files
     * @param notes notes
     * @param recorded recorders that ran
     */
    public Collected {
      files = List.copyOf(files);
      notes = List.copyOf(notes);
      recorded = List.copyOf(recorded);
    }
  }

  /**
   * A case ended after a failed step.
   *
   * @param tearDown the tear-down's own failure, or null
   * @param runnerFault why the process that ran the case must run no further case, or null
   */
  public record Released(Failure tearDown, String runnerFault) {}
}
