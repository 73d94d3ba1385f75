package io.gpubench.engine.protocol;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.result.ErrorStats;
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
   * A case ended after a failed step.
   *
   * @param tearDown the tear-down's own failure, or null
   * @param runnerFault why the process that ran the case must run no further case, or null
   */
  public record Released(Failure tearDown, String runnerFault) {}
}
