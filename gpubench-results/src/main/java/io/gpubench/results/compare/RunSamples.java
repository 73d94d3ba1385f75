package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import java.util.Arrays;
import java.util.List;
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
 */
public record RunSamples(String runId, String clock, double[] values, List<String> flags, double slowdown) {

  /** The clock name for device-timer samples (CUDA events). */
  public static final String DEVICE = "device";

  /** The clock name for host-clock samples. */
  public static final String HOST = "host";

  /**
   * Makes the samples, copying the values and the flags.
   *
   * @param runId run id
   * @param clock clock
   * @param values samples
   * @param flags flags
   * @param slowdown the flags' slowdown: 1 when clean, at least 1, or {@code +∞}
   */
  public RunSamples {
    Objects.requireNonNull(clock, "clock");
    values = values.clone();
    flags = flags == null ? List.of() : List.copyOf(flags);
    if (!(slowdown >= 1)) {
      throw new IllegalArgumentException("run " + runId + ": a slowdown is at least 1, not " + slowdown);
    }
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
   * The per-call times of a case in a run, on its primary clock: the device's where the case had one, else the host's.
   *
   * @param runId the run's id
   * @param c the case
   * @return the samples; none when the case was not timed
   */
  public static RunSamples of(String runId, CaseResult c) {
    Timing t = c.timing();
    List<String> flags = CaseDigest.deviceStateFlags(c);
    double slowdown = CaseDigest.deviceStateSlowdown(c);
    if (t == null) {
      return new RunSamples(runId, HOST, new double[0], flags, slowdown);
    }
    if (t.device() != null) {
      return new RunSamples(runId, DEVICE, t.trials().stream().map(Trial::deviceNanos).filter(Objects::nonNull)
          .mapToDouble(Double::doubleValue).toArray(), flags, slowdown);
    }
    return new RunSamples(runId, HOST, t.trials().stream().mapToDouble(Trial::hostNanos).toArray(), flags,
        slowdown);
  }

  /**
   * Whether the flags bound how far the device's state could have moved these samples (or there are none).
   *
   * @return true for a clean run or one whose flags measured their slowdown
   */
  public boolean bounded() {
    return slowdown < Double.POSITIVE_INFINITY;
  }

  /**
   * The samples as they would have been at speed, at the most the flags allow: times divided by the slowdown, rates
   * multiplied by it. A clean run is returned as it is.
   *
   * @param better which way the figure improves
   * @return the samples at their best
   */
  public RunSamples atBest(io.gpubench.api.Better better) {
    if (slowdown == 1 || !bounded()) {
      return this;
    }
    double f = better == io.gpubench.api.Better.HIGHER ? slowdown : 1 / slowdown;
    return new RunSamples(runId, clock, Arrays.stream(values).map(v -> v * f).toArray(), flags, slowdown);
  }

  /**
   * The same run with every sample transformed: per-call times into a rate.
   *
   * @param f the transformation
   * @return the new samples
   */
  public RunSamples map(DoubleUnaryOperator f) {
    return new RunSamples(runId, clock, Arrays.stream(values).map(f).toArray(), flags, slowdown);
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
        && Arrays.equals(values, r.values) && flags.equals(r.flags) && slowdown == r.slowdown;
  }

  @Override
  public int hashCode() {
    return Objects.hash(runId, clock, Arrays.hashCode(values), flags, slowdown);
  }

  @Override
  public String toString() {
    return "RunSamples[" + runId + ", " + clock + ", n=" + values.length + ", flags=" + flags
        + (slowdown == 1 ? "" : ", slowdown=" + slowdown) + "]";
  }
}
