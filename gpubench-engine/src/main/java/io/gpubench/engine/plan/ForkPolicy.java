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
 */
public record ForkPolicy(ForkMode mode, List<String> jvmArgs, int timeoutSeconds, int startTimeoutSeconds) {

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
   */
  public ForkPolicy {
    jvmArgs = List.copyOf(jvmArgs);
  }
}
