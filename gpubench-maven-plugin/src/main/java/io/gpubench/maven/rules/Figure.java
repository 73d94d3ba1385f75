package io.gpubench.maven.rules;

import io.gpubench.api.Better;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Throughput;
import io.gpubench.results.compare.MemoryFigure;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * A figure of a case that a limit can bound, by the name a POM uses for it.
 *
 * <p>Names: {@code median}, {@code mean}, {@code min}, {@code p90}, {@code p99} (time of one call, on the device
 * clock where there is one); {@code itemsPerSecond}, {@code flopsPerSecond}, {@code bytesPerSecond},
 * {@code busBytesPerSecond} (a collective's bus bandwidth, as nccl-tests counts it, in a multi-GPU world); {@code gap}
 * (median time over the roofline bound); {@code tolerance} (the largest share of a tolerance used by any check,
 * above 1 is a miss) or {@code tolerance.NAME} for one check ({@code tolerance.maxAbs}); {@code metric.NAME} for
 * an entry of the case's own metrics; memory, in {@code B}, {@code KiB}, {@code MiB}, {@code GiB}:
 * {@code allocatedBytesPerCall} (what the calling thread allocated per call during the trials),
 * {@code peakDeviceMemory} (the device memory the case held at its peak: the worker process's as NVML counts it where
 * the device reports it, else gpubench's own allocator's) and {@code deviceMemoryDelta} (that NVML peak less the
 * process's device memory before the case's set-up: the case's own share).
 */
public final class Figure {

  /** Every fixed figure name, for error messages. */
  static final List<String> NAMES = List.of(
      "median", "mean", "min", "p90", "p99", "itemsPerSecond", "flopsPerSecond", "bytesPerSecond", "busBytesPerSecond",
      "gap", "allocatedBytesPerCall", "peakDeviceMemory", "deviceMemoryDelta",
      "tolerance", "tolerance.NAME", "metric.NAME");

  private final String name;
  private final Unit unit;
  // null for a workload's metric, whose direction the case's result carries
  private final Better better;
  private final Function<CaseResult, Double> value;

  private Figure(String name, Unit unit, Better better, Function<CaseResult, Double> value) {
    this.name = name;
    this.unit = unit;
    this.better = better;
    this.value = value;
  }

  /**
   * Looks a figure up by name.
   *
   * @param name the name as written in the POM
   * @return the figure
   * @throws IllegalArgumentException naming the figure and the known names
   */
  public static Figure parse(String name) {
    String n = name == null ? "" : name.trim();
    Figure fixed = switch (n) {
      case "median" -> time(n, Statistics::median);
      case "mean" -> time(n, Statistics::mean);
      case "min" -> time(n, Statistics::min);
      case "p90" -> time(n, Statistics::p90);
      case "p99" -> time(n, Statistics::p99);
      case "itemsPerSecond" -> rate(n, Throughput::itemsPerSecond);
      case "flopsPerSecond" -> rate(n, Throughput::flopsPerSecond);
      case "bytesPerSecond" -> rate(n, Throughput::bytesPerSecond);
      case "busBytesPerSecond" -> rate(n, Throughput::busBytesPerSecond);
      case "gap" -> new Figure(n, Unit.RATIO, Better.LOWER,
          c -> c.throughput() == null ? null : c.throughput().gap());
      case "tolerance" -> new Figure(n, Unit.RATIO, Better.LOWER, Figure::worstShare);
      case "allocatedBytesPerCall", "peakDeviceMemory", "deviceMemoryDelta" ->
          new Figure(n, Unit.BYTES, Better.LOWER, c -> MemoryFigure.of(n).valueOf(c));
      default -> null;
    };
    if (fixed != null) {
      return fixed;
    }
    if (n.startsWith("tolerance.") && n.length() > "tolerance.".length()) {
      String check = n.substring("tolerance.".length());
      return new Figure(n, Unit.RATIO, Better.LOWER, c -> share(c, check));
    }
    if (n.startsWith("metric.") && n.length() > "metric.".length()) {
      String metric = n.substring("metric.".length());
      // the metric's direction is the workload's, recorded with it (BenchContext.metric), never guessed from its name
      return new Figure(n, Unit.PLAIN, null,
          c -> c.metrics().get(metric) == null ? null : c.metrics().get(metric).value());
    }
    throw new IllegalArgumentException("unknown figure '" + name + "' (known: " + String.join(", ", NAMES) + ")");
  }

  /**
   * The figure's name as the POM writes it.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The unit limits are written and values printed in.
   *
   * @return the unit
   */
  public Unit unit() {
    return unit;
  }

  /**
   * Which way the figure improves for a case: fixed for the engine's figures, the workload's own for a
   * {@code metric.NAME}, as it recorded it.
   *
   * @param c the case
   * @return the direction, or null for a metric the case does not have
   */
  public Better better(CaseResult c) {
    if (better != null) {
      return better;
    }
    Metric m = c.metrics().get(name.substring("metric.".length()));
    return m == null ? null : m.better();
  }

  /**
   * The figure's value for a case.
   *
   * @param c the case
   * @return the value in base units, or null when the case does not have it (not timed, no cost declared, no such
   *     check or metric)
   */
  public Double valueOf(CaseResult c) {
    Double v = value.apply(c);
    return v == null || v.isNaN() ? null : v;
  }

  @Override
  public String toString() {
    return name;
  }

  private static Figure time(String name, Function<Statistics, Double> stat) {
    return new Figure(name, Unit.NANOS, Better.LOWER, c -> {
      Statistics s = c.timing() == null ? null : c.timing().primary();
      return s == null ? null : stat.apply(s);
    });
  }

  private static Figure rate(String name, Function<Throughput, Double> rate) {
    return new Figure(name, Unit.PER_SECOND, Better.HIGHER,
        c -> c.throughput() == null ? null : rate.apply(c.throughput()));
  }

  private static Double worstShare(CaseResult c) {
    if (c.correctness() == null || c.correctness().checks().isEmpty()) {
      return null;
    }
    OptionalDouble worst = c.correctness().checks().stream().mapToDouble(Check::usedShare)
        .filter(v -> !Double.isNaN(v)).max();
    return worst.isPresent() ? worst.getAsDouble() : null;
  }

  private static Double share(CaseResult c, String check) {
    if (c.correctness() == null) {
      return null;
    }
    return c.correctness().checks().stream().filter(k -> k.metric().key().equals(check)).map(Check::usedShare)
        .findFirst().orElse(null);
  }
}
