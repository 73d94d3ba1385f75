package io.gpubench.maven.verdict;

import io.gpubench.api.Better;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Throughput;
import io.gpubench.maven.rules.Unit;
import io.gpubench.results.compare.RunSamples;
import java.util.List;
import java.util.function.Function;

/**
 * The figure a baseline comparison is made in: the per-call time (lower is better), or a rate derived from each
 * trial's time and the case's declared work per call (higher is better). The comparison of runs' log medians gives
 * the same answer either way; what changes is the direction, the figures and the change that the summary and the
 * messages report.
 *
 * <p>A short device kernel has two per-call times ({@code Timing.batch} beside {@code Timing.device}): {@code time} is
 * the case's headline (the batch figure where there is one), {@code singleCallTime} one call timed alone, and
 * {@code batchTime} the calls back to back (AMBIGUOUS for a case without one: its clock differs).
 *
 * @param name {@code time}, {@code singleCallTime}, {@code batchTime}, {@code itemsPerSecond},
 *     {@code flopsPerSecond}, {@code bytesPerSecond} or {@code busBytesPerSecond} (a collective's bus bandwidth)
 * @param unit how values print
 * @param better which way is better
 * @param workPerCall the work of one call from the case's throughput record, or null for time
 * @param source which per-call time the figure is made from, or null for the case's headline
 */
public record ComparedFigure(String name, Unit unit, Better better, Function<Throughput, Double> workPerCall,
    RunSamples.Figure source) {

  /** The per-call time, the case's headline: the default. */
  public static final ComparedFigure TIME = new ComparedFigure("time", Unit.NANOS, Better.LOWER, null, null);

  /** One call timed alone, where a short device kernel also has a batch figure. */
  public static final ComparedFigure SINGLE_CALL_TIME = new ComparedFigure("singleCallTime", Unit.NANOS,
      Better.LOWER, null, RunSamples.Figure.SINGLE_CALL);

  /** The batch figure of a short device kernel: its calls back to back. */
  public static final ComparedFigure BATCH_TIME = new ComparedFigure("batchTime", Unit.NANOS, Better.LOWER, null,
      RunSamples.Figure.BATCH);

  private static final List<ComparedFigure> ALL = List.of(TIME, SINGLE_CALL_TIME, BATCH_TIME,
      rate("itemsPerSecond", Throughput::itemsPerCall),
      rate("flopsPerSecond", Throughput::flopsPerCall),
      rate("bytesPerSecond", Throughput::bytesPerCall),
      rate("busBytesPerSecond", Throughput::busBytesPerCall));

  /**
   * Looks a figure up by name.
   *
   * @param name the name as configured
   * @return the figure
   * @throws IllegalArgumentException naming the value and the choices
   */
  public static ComparedFigure parse(String name) {
    String n = name == null ? "" : name.trim();
    return ALL.stream().filter(f -> f.name.equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
        "cannot compare by '" + name + "' (choose time, singleCallTime, batchTime, itemsPerSecond, flopsPerSecond,"
            + " bytesPerSecond or busBytesPerSecond)"));
  }

  /**
   * A case's samples in a run, in this figure's per-call time (before a rate is made of them).
   *
   * @param runId the run
   * @param c the case
   * @return the samples
   */
  public RunSamples of(String runId, CaseResult c) {
    return source == null ? RunSamples.of(runId, c) : RunSamples.of(runId, c, source);
  }

  /**
   * Turns runs of per-call times into runs of this figure.
   *
   * @param runs the runs, ns per call
   * @param c the current case, whose declared cost gives the work per call (the same for the baseline: the case id
   *     fixes the shape)
   * @return the runs in this figure, or null when the case declares no such work
   */
  public List<RunSamples> samples(List<RunSamples> runs, CaseResult c) {
    if (workPerCall == null) {
      return runs;
    }
    Double work = c.throughput() == null ? null : workPerCall.apply(c.throughput());
    if (work == null || !(work > 0)) {
      return null;
    }
    return runs.stream().map(r -> r.map(t -> work * 1e9 / t)).toList();
  }

  /**
   * How much worse a ratio of this figure (current over baseline) is, as a share: a time ratio of 1.1 and a rate
   * ratio of 1/1.1 are both 10% worse.
   *
   * @param ratio current over baseline
   * @return the worsening; negative is better
   */
  public double worsening(double ratio) {
    return better == Better.LOWER ? ratio - 1 : 1 / ratio - 1;
  }

  private static ComparedFigure rate(String name, Function<Throughput, Double> work) {
    return new ComparedFigure(name, Unit.PER_SECOND, Better.HIGHER, work, null);
  }
}
