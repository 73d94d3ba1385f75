package io.gpubench.engine.protocol;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.spi.TrialClock;
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
   */
  public record Prepared(boolean hasReference, List<String> inputs) {}

  /**
   * The checked first call.
   *
   * @param firstCallNanos its host time, synchronised, reported apart from the trials
   * @param error its output against the reference, or null without a reference
   * @param shapeMismatch why the output's dimensions differ from the reference's, or null when they agree
   */
  public record Checked(double firstCallNanos, ErrorStats error, String shapeMismatch) {}

  /**
   * Further warm-up calls.
   *
   * @param callNanos each call's host time
   * @param agreement each call's output against the checked call's, or empty without a reference
   * @param compilationMillis the JIT compilation time of the runner's JVM during these calls, or -1 where unknown
   */
  public record Warmed(List<Double> callNanos, List<ErrorStats> agreement, double compilationMillis) {}

  /**
   * A batch of timed trials.
   *
   * @param times each trial's times, for all its calls
   */
  public record TrialBatch(List<TrialClock.TrialTime> times) {}

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
   */
  public record Finished(ErrorStats agreement, List<String> changedInputs, Memory memory,
      Map<String, Metric> metrics, Failure tearDown, String runnerFault) {}

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
