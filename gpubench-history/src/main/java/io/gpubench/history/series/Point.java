package io.gpubench.history.series;

import java.util.List;

/**
 * One run's value in a series.
 *
 * @param run the run
 * @param status the case's status in that run ({@code PASSED}, {@code FAILED} ...)
 * @param clock {@code device} or {@code host}, or null when not timed
 * @param value the figure, or NaN when the run has none (a failed case, a case without device memory)
 * @param low the low end of the median's 95% interval (time only), or NaN
 * @param high the high end, or NaN
 * @param flags the flags that set this point aside for its figure ({@link Figure#setAsideBy()}: {@code throttled},
 *     {@code shared} and {@code contended} for a time; {@code not-steady} for the bytes a call allocates), each with
 *     its detail: such a point is shown but never makes or hides a change point, and the gate leaves it out
 * @param samples the per-call times of every trial, ns, for comparisons (empty when not loaded)
 * @param callsPerTrial the calls of each of the run's trials (the allocation figure's allowance spreads a trial's
 *     bookkeeping over them), or 0 where unknown
 * @param slowdown how many times slower than at speed the device's state made this time, as the flags that set it
 *     aside measured it: 1 for a point none set aside, the product of their measured slowdowns (a contended core's,
 *     by the CPU's probe), {@code +∞} where one measured nothing (a throttled or shared GPU without a factor) or sets
 *     the point aside for another reason ({@code not-steady})
 */
public record Point(RunInfo run, String status, String clock, double value, double low, double high,
    List<String> flags, double[] samples, int callsPerTrial, double slowdown) {

  /**
   * Copies the flags.
   *
   * @param run run
   * @param status status
   * @param clock clock
   * @param value value
   * @param low low
   * @param high high
   * @param flags flags
   * @param samples samples
   * @param callsPerTrial calls per trial
   * @param slowdown the measured slowdown of the flags that set it aside
   */
  public Point {
    flags = List.copyOf(flags);
    samples = samples == null ? new double[0] : samples;
  }

  /**
   * Whether the point may take part in change detection and baselines: the case passed, has a value of at least 0,
   * and no flag sets it aside. (A time of 0 is impossible; a memory figure of 0 is a value: a case that allocated
   * nothing on the device.)
   *
   * @return true for a clean point
   */
  public boolean clean() {
    return flags.isEmpty() && passed();
  }

  /**
   * Whether the point is clean or set aside only by flags that measured how much slower they made it
   * ({@link #slowdown()} finite): a time a change point may stand on where it holds with the point taken at its best
   * ({@link io.gpubench.history.changes.Change}).
   *
   * @return true for a clean point or one bounded by its flags
   */
  public boolean bounded() {
    return Double.isFinite(slowdown) && passed();
  }

  private boolean passed() {
    return "PASSED".equals(status) && value >= 0 && Double.isFinite(value);
  }
}
