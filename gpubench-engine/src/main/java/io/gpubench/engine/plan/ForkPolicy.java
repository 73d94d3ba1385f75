package io.gpubench.engine.plan;

import io.gpubench.api.ForkMode;
import java.util.List;

/**
 * How a case is isolated, with the run's keys applied over the class's {@code @Fork}.
 *
 * @param mode the process that runs it; never {@link ForkMode#DEFAULT}
 * @param jvmArgs JVM arguments of its worker beyond the inherited ones
 * @param timeoutSeconds the longest one step may take before the worker is stopped
 * @param startTimeoutSeconds the longest a worker may take to start and connect
 * @param forks how many workers measure each case; 0 for the default of the case's device ({@link #forksOn})
 */
public record ForkPolicy(ForkMode mode, List<String> jvmArgs, int timeoutSeconds, int startTimeoutSeconds,
    int forks) {

  /**
   * The default forks of a CPU case. Two, as the JMH runs we compare with use: one fork's interval says only how
   * consecutive trials in one JIT profile agree, and two are the fewest that show a second profile. On a 2-core
   * build machine a fork costs a JVM start (0.3-0.6 s, once per class) and the case's warm-up again; the trials'
   * budget is shared, not doubled. More forks narrow a between-fork interval (a Student-t quantile of 12.7 at one
   * degree of freedom, 4.3 at two) at that cost per fork: {@code gpubench.forks=3} where the figure matters.
   */
  public static final int DEFAULT_CPU_FORKS = 2;

  /** The default time limit of a step: far beyond any sane benchmark's set-up or batch of trials. */
  public static final int DEFAULT_TIMEOUT_SECONDS = 600;

  /** The default time limit of a worker's start: a JVM, the class path, a CUDA or DJL initialisation. */
  public static final int DEFAULT_START_TIMEOUT_SECONDS = 120;

  /**
   * Copies the arguments.
   *
   * @param mode mode
   * @param jvmArgs arguments
   * @param timeoutSeconds step limit
   * @param startTimeoutSeconds start limit
   * @param forks forks, 0 for the device's default
   */
  public ForkPolicy {
    jvmArgs = List.copyOf(jvmArgs);
  }

  /**
   * A policy with the device's default forks.
   *
   * @param mode mode
   * @param jvmArgs arguments
   * @param timeoutSeconds step limit
   * @param startTimeoutSeconds start limit
   */
  public ForkPolicy(ForkMode mode, List<String> jvmArgs, int timeoutSeconds, int startTimeoutSeconds) {
    this(mode, jvmArgs, timeoutSeconds, startTimeoutSeconds, 0);
  }

  /**
   * How many workers measure a case on a device: 1 in the build's JVM ({@link ForkMode#NONE}); else the declared or
   * configured count; else {@value #DEFAULT_CPU_FORKS} on the CPU (the runner keeps to the first when its calls take
   * 100 ms or more: a model's training step, whose own work dominates its time) and 1 on a device with its own
   * timer, whose figure does not hang on a JIT profile and where a second worker holding a context would read as a
   * shared GPU.
   *
   * @param device the case's device
   * @return at least 1
   */
  public int forksOn(io.gpubench.api.BackendId device) {
    if (mode == ForkMode.NONE) {
      return 1;
    }
    if (forks > 0) {
      return forks;
    }
    return device.isCpu() ? DEFAULT_CPU_FORKS : 1;
  }
}
