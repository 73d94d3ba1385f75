package io.gpubench.engine.protocol;

/** The step of a case's protocol that a failure or a time limit happened in, for messages. */
public enum Phase {
  /** Starting the worker process that runs the case. */
  WORKER_START("starting its worker"),
  /** Making the benchmark class's instance. */
  INSTANTIATE("instantiating the class"),
  /** Opening the backend's session on the device. */
  OPEN_BACKEND("opening the backend"),
  /** A {@code @Setup} method. */
  SETUP("@Setup"),
  /** Preparing a {@code @Model} workload (building, seeding, casting). */
  PREPARE_MODEL("preparing the @Model"),
  /** The {@code @Reference} method. */
  REFERENCE("@Reference"),
  /** The checked first call. */
  CHECKED_CALL("the checked call"),
  /** Further warm-up calls, each compared with the checked one. */
  WARMUP("warm-up"),
  /** The timed trials. */
  TRIALS("the timed trials"),
  /** One more call after the trials, under the device's kernel auditor. */
  AUDIT("the kernel audit's call (after the trials; gpubench.audit=false or @GpuBenchmark(audit = false) turns it "
      + "off)"),
  /** The last call compared with the checked one, and the inputs' check. */
  FINAL_CHECK("the final agreement check"),
  /** A {@code @TearDown} method. */
  TEARDOWN("@TearDown");

  private final String label;

  /**
   * Whether the phase is a call of the workload itself, so that a failure there is the workload's.
   *
   * @return true for the checked call, warm-up, trials, the kernel audit's call and the final check
   */
  public boolean isCall() {
    return this == CHECKED_CALL || this == WARMUP || this == TRIALS || this == AUDIT || this == FINAL_CHECK;
  }

  Phase(String label) {
    this.label = label;
  }

  /**
   * The phase as messages name it, such as {@code @Setup} or {@code the timed trials}.
   *
   * @return the label
   */
  public String label() {
    return label;
  }
}
