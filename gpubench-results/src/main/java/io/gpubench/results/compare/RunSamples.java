package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * One run's samples of one case: the per-call figure of every timed trial, the clock they were taken on, and the
 * telemetry flags the run raised for the case with the slowdown they were measured at. A run is one engine process
 * (one JVM, one worker): the unit whose spread {@link CaseComparator} measures.
 *
 * @param runId the run's id
 * @param clock {@link #DEVICE} or {@link #HOST}
 * @param values the samples, one per trial, in trial order: per-call nanoseconds, or a rate derived from them
 * @param flags telemetry flags such as {@code throttled (HW_SLOWDOWN)}; empty when the run was clean
 * @param slowdown how many times slower than at speed the flags say the device's state made these samples, as
 *     measured: 1 for a clean run, {@code +∞} where a flag measured nothing (it can explain any change)
 * @param spread how far either way the flags that bound both ways (forks that disagree) say these samples may be
 *     from another run's: 1 without such flags, their ratio, {@code +∞} where one measured nothing
 */
public record RunSamples(String runId, String clock, double[] values, List<String> flags, double slowdown,
    double spread) {

  /** The clock name for device-timer samples (CUDA events). */
  public static final String DEVICE = "device";

  /** The clock name for host-clock samples. */
  public static final String HOST = "host";

  /**
   * The clock name for a device's batch figure (calls back to back, {@code Timing.batch}): another figure than one
   * call timed alone, so a run of one is never compared with a run of the other.
   */
  public static final String DEVICE_BATCH = "device-batch";

  /**
   * Makes the samples, copying the values and the flags.
   *
   * @param runId run id
   * @param clock clock
   * @param values samples
   * @param flags flags
   * @param slowdown the flags' slowdown: 1 when clean, at least 1, or {@code +∞}
   * @param spread the flags' spread either way: 1 without such flags, at least 1, or {@code +∞}
   */
  public RunSamples {
    Objects.requireNonNull(clock, "clock");
    values = values.clone();
    flags = flags == null ? List.of() : List.copyOf(flags);
    if (!(slowdown >= 1)) {
      throw new IllegalArgumentException("run " + runId + ": a slowdown is at least 1, not " + slowdown);
    }
    if (!(spread >= 1)) {
      throw new IllegalArgumentException("run " + runId + ": a spread is at least 1, not " + spread);
    }
  }

  /**
   * Samples whose flags bound them one way only (a device's state), or are clean.
   *
   * @param runId run id
   * @param clock clock
   * @param values samples
   * @param flags flags
   * @param slowdown the flags' slowdown: 1 when clean, at least 1, or {@code +∞}
   */
  public RunSamples(String runId, String clock, double[] values, List<String> flags, double slowdown) {
    this(runId, clock, values, flags, slowdown, 1);
  }

  /**
   * Samples whose flags measured nothing: clean (1) without flags, unbounded ({@code +∞}) with some.
   *
   * @param runId run id
   * @param clock clock
   * @param values samples
   * @param flags flags
   */
  public RunSamples(String runId, String clock, double[] values, List<String> flags) {
    this(runId, clock, values, flags, flags == null || flags.isEmpty() ? 1 : Double.POSITIVE_INFINITY);
  }

  /**
   * A case's samples as a store keeps them, bounded by the case's flags as {@link #of(String, CaseResult)} bounds a
   * results file's: the labels, the device state's slowdown and the forks' spread, all from the flags.
   *
   * @param runId the run's id
   * @param clock the samples' clock
   * @param values the samples
   * @param flags every flag of the case, in its order
   * @return the samples
   */
  public static RunSamples stored(String runId, String clock, double[] values, List<Flag> flags) {
    return new RunSamples(runId, clock, values, RunFlags.comparisonFlags(flags, null),
        RunFlags.deviceStateSlowdown(flags), RunFlags.bothWaysSpread(flags));
  }

  /**
   * The per-call times of a case in a run, on its headline clock ({@code Timing.primary()}): the device's batch figure
   * where the case has one, else the device's where it had one, else the host's.
   *
   * @param runId the run's id
   * @param c the case
   * @return the samples; none when the case was not timed
   */
  public static RunSamples of(String runId, CaseResult c) {
    Timing t = c.timing();
    return of(runId, c, t != null && t.batch() != null ? Figure.BATCH : Figure.SINGLE_CALL);
  }

  /** Which of a case's per-call figures a comparison is made in. */
  public enum Figure {
    /** One call timed alone: the device's figure where it has a timer, else the host's. */
    SINGLE_CALL,
    /** The device's batch figure (calls back to back); a case without one has no samples of it. */
    BATCH
  }

  /**
   * The per-call times of a case in a run, in one of its figures.
   *
   * @param runId the run's id
   * @param c the case
   * @param figure the figure
   * @return the samples; none when the case was not timed (or has no such figure)
   */
  public static RunSamples of(String runId, CaseResult c, Figure figure) {
    Timing t = c.timing();
    List<String> flags = RunFlags.comparisonFlags(c);
    double slowdown = RunFlags.deviceStateSlowdown(c);
    double spread = RunFlags.bothWaysSpread(c);
    if (t == null) {
      return new RunSamples(runId, HOST, new double[0], flags, slowdown, spread);
    }
    if (figure == Figure.BATCH) {
      return new RunSamples(runId, DEVICE_BATCH, t.trials().stream().map(Trial::batchNanos).filter(Objects::nonNull)
          .mapToDouble(Double::doubleValue).toArray(), flags, slowdown, spread);
    }
    if (t.device() != null) {
      return new RunSamples(runId, DEVICE, t.trials().stream().map(Trial::deviceNanos).filter(Objects::nonNull)
          .mapToDouble(Double::doubleValue).toArray(), flags, slowdown, spread);
    }
    return new RunSamples(runId, HOST, t.trials().stream().mapToDouble(Trial::hostNanos).toArray(), flags,
        slowdown, spread);
  }

  /**
   * Why a case's result cannot be compared as a run, or null where it can.
   *
   * @param c the case, or null where the run lacks it
   * @param side the side, for the reason: {@code the baseline}, {@code this run}
   * @return the reason, or null
   */
  static String unusable(CaseResult c, String side) {
    if (c == null) {
      return side + " lacks the case";
    }
    if (c.status() != CaseStatus.PASSED) {
      return side + ": " + c.status().name().toLowerCase(Locale.ROOT);
    }
    if (c.timing() == null || c.timing().trials().isEmpty()) {
      return side + ": not timed";
    }
    return null;
  }

  /** A case's median per-call time on its headline clock; NaN where it has none. */
  static double medianOf(CaseResult c) {
    return c == null || c.timing() == null ? Double.NaN : of("", c).median();
  }

  /**
   * Whether the flags bound how far the device's state could have moved these samples (or there are none).
   *
   * @return true for a clean run or one whose flags measured their slowdown
   */
  public boolean bounded() {
    return slowdown < Double.POSITIVE_INFINITY && spread < Double.POSITIVE_INFINITY;
  }

  /**
   * Whether the run's only flags are forks that disagreed: an outcome of the code, not of the device's state.
   *
   * @return true when the flags bound both ways and measured no slowdown
   */
  public boolean onlyForksDisagree() {
    return !flags.isEmpty() && slowdown == 1 && spread > 1 && spread < Double.POSITIVE_INFINITY;
  }

  /**
   * The samples taken as measured, without their flags: for a run whose outcome the spread between runs accounts
   * for.
   *
   * @return the same samples, clean
   */
  public RunSamples asMeasured() {
    return new RunSamples(runId, clock, values, List.of(), 1, 1);
  }

  /**
   * The samples as they would have been at speed, at the most the flags allow: times divided by the slowdown and the
   * spread, rates multiplied by them. A clean run is returned as it is.
   *
   * @param better which way the figure improves
   * @return the samples at their best
   */
  public RunSamples atBest(io.gpubench.api.Better better) {
    return atBest(better, 1);
  }

  /**
   * The samples at their best against runs that were themselves slowed, typically by {@code otherSlowdown}: times
   * divided by the slowdown this run had beyond that (and by the spread), rates multiplied by it. The same kernel on
   * the same core is slowed alike by alike contention, so only the excess can have made this run the slower one.
   *
   * @param better which way the figure improves
   * @param otherSlowdown the typical slowdown of the runs this one is compared with, at least 1
   * @return the samples at their best
   */
  public RunSamples atBest(io.gpubench.api.Better better, double otherSlowdown) {
    double by = Math.max(1, slowdown / otherSlowdown) * spread;
    if (by == 1 || !bounded()) {
      return this;
    }
    return scaled(better == io.gpubench.api.Better.HIGHER ? by : 1 / by);
  }

  /**
   * The samples at the worst the flags that bound both ways allow (another run may land on the slower outcome of
   * forks that disagree): times multiplied by the spread, rates divided by it. A device's state never makes code
   * faster, so its slowdown does not enter; a run without such flags is returned as it is.
   *
   * @param better which way the figure improves
   * @return the samples at their worst
   */
  public RunSamples atWorst(io.gpubench.api.Better better) {
    if (spread == 1 || !bounded()) {
      return this;
    }
    return scaled(better == io.gpubench.api.Better.HIGHER ? 1 / spread : spread);
  }

  private RunSamples scaled(double f) {
    return new RunSamples(runId, clock, Arrays.stream(values).map(v -> v * f).toArray(), flags, slowdown, spread);
  }

  /**
   * The same run with every sample transformed: per-call times into a rate.
   *
   * @param f the transformation
   * @return the new samples
   */
  public RunSamples map(DoubleUnaryOperator f) {
    return new RunSamples(runId, clock, Arrays.stream(values).map(f).toArray(), flags, slowdown, spread);
  }

  /**
   * The median of the samples.
   *
   * @return the median, or NaN when there are none
   */
  public double median() {
    return Intervals.median(values);
  }

  /**
   * How many samples there are.
   *
   * @return the count
   */
  public int size() {
    return values.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RunSamples r && Objects.equals(runId, r.runId) && clock.equals(r.clock)
        && Arrays.equals(values, r.values) && flags.equals(r.flags) && slowdown == r.slowdown
        && spread == r.spread;
  }

  @Override
  public int hashCode() {
    return Objects.hash(runId, clock, Arrays.hashCode(values), flags, slowdown, spread);
  }

  @Override
  public String toString() {
    return "RunSamples[" + runId + ", " + clock + ", n=" + values.length + ", flags=" + flags
        + (slowdown == 1 ? "" : ", slowdown=" + slowdown) + (spread == 1 ? "" : ", spread=" + spread) + "]";
  }
}
