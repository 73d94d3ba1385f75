package io.gpubench.engine.statistics;

/**
 * How many calls the engine puts in a trial where the policy leaves it the choice ({@code @Trials(callsPerTrial =
 * 0)}), on the host clock: as many as take about {@value #TRIAL_NANOS} ns. The one rule, used by the engine before the
 * warm-up ({@code Warming}) and by the runner round after round ({@code SteadyWarmup}).
 *
 * <p>Why 100 µs. The host clock costs some 25 ns a reading, 0.05% of such a trial. Shorter trials reach the runs after
 * which HotSpot's C2 compiles the trial loop with the workload inlined (some thousand runs: {@code JitThresholds})
 * ten times sooner than trials of a millisecond, so a case's warm-up is over in a tenth of a second rather than one;
 * and a case of quick calls costs its five fewest trials half a millisecond, not five. A preempted trial lasts longer
 * than it should by the same microseconds either way; the median it is judged by does not move.
 *
 * <p>On a device clock a trial is one call (the single-call figure). Where the device times calls apart from their
 * launch (graph or blocked trials) and a call takes under {@value #BATCH_BELOW_NANOS} ns, each trial is followed by
 * a batch trial of {@link #batch} calls back to back, as nvbench's "Batch GPU": a one-call trial of a 5.4 µs GEMM on
 * an H200 reads 7.5 µs (a graph launch and the event pair are paid per call), a hundred calls 5.46 µs, within 1.6% of
 * the kernel's own time and of PyTorch replaying a graph of a hundred calls.
 */
public final class CallsPerTrial {
  /** How long a trial lasts when the engine picks its calls. */
  public static final double TRIAL_NANOS = 1e5;

  /** The most calls the engine puts in one trial. */
  public static final int MAX_CALLS = 100_000_000;

  /** A device call shorter than this gets a batch figure. */
  public static final double BATCH_BELOW_NANOS = 50_000;

  /** How long a batch trial's calls run on the device. */
  public static final double BATCH_TRIAL_NANOS = 500_000;

  /** The fewest calls of a batch trial. */
  public static final int MIN_BATCH_CALLS = 10;

  /** The most calls of a batch trial (a graph of them is captured once). */
  public static final int MAX_BATCH_CALLS = 1_000;

  private CallsPerTrial() {}

  /**
   * The calls of a batch trial for a device call of this length.
   *
   * @param perCallDeviceNanos the single-call figure
   * @return calls that run about {@value #BATCH_TRIAL_NANOS} ns, within the bounds; 0 for a call that needs no batch
   *     figure (from {@value #BATCH_BELOW_NANOS} ns) or whose time is unknown
   */
  public static int batch(double perCallDeviceNanos) {
    if (!(perCallDeviceNanos > 0) || perCallDeviceNanos >= BATCH_BELOW_NANOS) {
      return 0;
    }
    return (int) Math.max(MIN_BATCH_CALLS, Math.min(MAX_BATCH_CALLS, Math.ceil(BATCH_TRIAL_NANOS / perCallDeviceNanos)));
  }

  /**
   * The engine's calls per trial at a time per call.
   *
   * @param perCallNanos the time per call
   * @return calls that take about {@value #TRIAL_NANOS} ns, at least 1 (1 where the time is unknown)
   */
  public static int auto(double perCallNanos) {
    if (!(perCallNanos > 0)) {
      return 1;
    }
    return (int) Math.max(1, Math.min(MAX_CALLS, Math.ceil(TRIAL_NANOS / perCallNanos)));
  }
}
