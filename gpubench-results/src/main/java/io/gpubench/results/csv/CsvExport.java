package io.gpubench.results.csv;

import io.gpubench.api.CheckMetric;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Throughput;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Devices;
import io.gpubench.results.compare.KernelShares;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Writes a run as CSV for spreadsheets: one row per case, one column per figure, times in nanoseconds and rates per
 * second, as plain numbers (no units, no thousands separators) so a spreadsheet reads them as numbers. RFC 4180:
 * comma-separated, CRLF line ends, fields with a comma, quote or line break quoted. Empty cells are absent figures.
 *
 * <p>Text cells that begin with {@code = + - @}, a tab or a carriage return get a leading apostrophe: spreadsheets
 * would otherwise run a case named {@code =HYPERLINK(...)} as a formula (CSV injection). Numbers are never
 * touched, so a negative number stays a number.
 */
public final class CsvExport {

  private static final List<Column> FIXED = List.of(
      text("id", CaseResult::id),
      text("benchmark", CaseResult::benchmark),
      text("workload", CaseResult::workload),
      text("display_name", CaseResult::displayName),
      text("backend", c -> c.backend() == null ? null : c.backend().toString()),
      text("precision", c -> c.precision() == null ? null : c.precision().name()),
      text("shape", CsvExport::shape),
      text("axis_overrides", c -> c.axisOverrides().isEmpty() ? null : String.join(";", c.axisOverrides().entrySet()
          .stream().map(e -> e.getKey() + "=" + e.getValue()).toList())),
      number("world_size", c -> c.worldSize() == null ? null : c.worldSize().doubleValue()),
      text("status", c -> c.status() == null ? null : c.status().name()),
      text("message", CaseResult::message),
      text("clock", c -> c.timing() == null ? null : c.timing().device() != null ? c.timing().deviceClock() : "host"),
      number("trials", c -> stats(c) == null ? null : (double) stats(c).n()),
      number("median_ns", c -> stats(c) == null ? null : stats(c).median()),
      number("mean_ns", c -> stats(c) == null ? null : stats(c).mean()),
      number("ci_low_ns", c -> stats(c) == null ? null : stats(c).ciLow()),
      number("ci_high_ns", c -> stats(c) == null ? null : stats(c).ciHigh()),
      number("ci_level", c -> stats(c) == null ? null : stats(c).confidence()),
      number("stdev_ns", c -> stats(c) == null ? null : stats(c).stdev()),
      number("min_ns", c -> stats(c) == null ? null : stats(c).min()),
      number("max_ns", c -> stats(c) == null ? null : stats(c).max()),
      number("p90_ns", c -> stats(c) == null ? null : stats(c).p90()),
      number("p99_ns", c -> stats(c) == null ? null : stats(c).p99()),
      number("first_call_ns", c -> c.timing() == null ? null : c.timing().firstCallNanos()),
      text("stop", c -> c.timing() == null || c.timing().stop() == null ? null : c.timing().stop().name()),
      number("items_per_s", c -> tp(c, Throughput::itemsPerSecond)),
      number("flop_per_s", c -> tp(c, Throughput::flopsPerSecond)),
      number("bytes_per_s", c -> tp(c, Throughput::bytesPerSecond)),
      number("bus_bytes_per_s", c -> tp(c, Throughput::busBytesPerSecond)),
      number("roofline_bound_ns", c -> tp(c, Throughput::boundNanos)),
      number("roofline_gap", c -> tp(c, Throughput::gap)),
      text("bound_by", c -> c.throughput() == null ? null : c.throughput().boundBy()),
      text("correctness_passed", c -> c.correctness() == null ? null : String.valueOf(c.correctness().passed())),
      number("max_abs", c -> err(c, CheckMetric.MAX_ABS)),
      number("rms", c -> err(c, CheckMetric.RMS)),
      number("psnr_db", c -> err(c, CheckMetric.PSNR_DB)),
      number("rel_l2", c -> err(c, CheckMetric.REL_L2)),
      text("tightest_check", c -> CaseDigest.tightest(c) == null ? null : CaseDigest.tightest(c).metric().key()),
      number("tightest_used_share", c -> CaseDigest.tightest(c) == null ? null : CaseDigest.tightest(c).usedShare()),
      number("sm_clock_mean_mhz", c -> c.telemetry() == null ? null : c.telemetry().smClockMeanMhz()),
      number("sm_clock_min_mhz", c -> c.telemetry() == null ? null : c.telemetry().smClockMinMhz()),
      number("world_sm_clock_low_mhz", c -> worldClock(c, true)),
      number("world_sm_clock_high_mhz", c -> worldClock(c, false)),
      number("power_mean_w", c -> c.telemetry() == null ? null : c.telemetry().powerMeanWatts()),
      text("throttled", c -> c.telemetry() == null ? null : String.valueOf(c.telemetry().throttled())),
      text("shared", c -> c.telemetry() == null ? null : String.valueOf(c.telemetry().shared())),
      number("peak_device_bytes", c -> c.memory() == null || c.memory().peakDeviceBytes() == null ? null
          : c.memory().peakDeviceBytes().doubleValue()),
      number("allocated_bytes_per_call", c -> host(c) == null ? null : host(c).allocatedBytesPerCall()),
      number("gc_count", c -> host(c) == null || host(c).gcCount() == null ? null : host(c).gcCount().doubleValue()),
      number("gc_pause_ms", c -> host(c) == null ? null : host(c).gcPauseMillis()),
      number("peak_resident_bytes", c -> host(c) == null || host(c).peakResidentBytes() == null ? null
          : host(c).peakResidentBytes().doubleValue()),
      text("kernels", c -> c.audit() == null ? null : KernelShares.line(c.audit())),
      number("audit_kernels_per_call", c -> audit(c, KernelShares::launchesPerCall)),
      number("audit_gpu_ns", c -> audit(c, a -> a.kernelNanos() + a.copyNanos())),
      number("audit_span_ns", c -> audit(c, KernelAudit::spanNanos)),
      number("audit_busy_fraction", c -> audit(c, KernelAudit::busyFraction)),
      number("audit_library_share", c -> audit(c, KernelAudit::libraryShare)),
      number("audit_communication_share", c -> audit(c, KernelAudit::communicationShare)),
      number("audit_copy_share", c -> audit(c, KernelAudit::copyShare)),
      text("audit_top_kernel", c -> c.audit() == null || c.audit().kernels().isEmpty() ? null
          : c.audit().kernels().get(0).name()),
      text("audit_top_library", c -> c.audit() == null || c.audit().kernels().isEmpty() ? null
          : c.audit().kernels().get(0).library().label()),
      number("audit_cost_ns", c -> audit(c, a -> a.cost() == null ? null : a.cost().totalNanos())),
      text("audit_skip_reason", c -> c.audit() == null ? null : c.audit().skipReason()));

  private CsvExport() {}

  private static io.gpubench.api.result.HostMemory host(CaseResult c) {
    return c.memory() == null ? null : c.memory().host();
  }

  /**
   * Writes the run's cases as CSV, atomically.
   *
   * @param run the results
   * @param file the target, such as {@code target/gpubench/results.csv}
   * @throws java.io.UncheckedIOException naming the file when it cannot be written
   */
  public static void write(RunResult run, Path file) {
    ResultsFile.writeAtomically(file, render(run));
  }

  /**
   * The run as CSV text: a header row, then one row per case in execution order. After the fixed columns come a
   * {@code device} column and one {@code metric:NAME} column for each further metric any case reports.
   *
   * @param run the results
   * @return the CSV
   */
  public static String render(RunResult run) {
    Set<String> metrics = new TreeSet<>();
    for (CaseResult c : run.cases()) {
      metrics.addAll(c.metrics().keySet());
    }
    List<Column> columns = new ArrayList<>(FIXED);
    columns.add(text("device", c -> Devices.nameFor(run.environment(), c.backend())));
    for (String m : metrics) {
      columns.add(number("metric:" + m, c -> CaseDigest.metricValue(c, m)));
    }
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>();
    for (Column col : columns) {
      header.add(Cells.text(col.name()));
    }
    out.append(String.join(",", header)).append("\r\n");
    for (CaseResult c : run.cases()) {
      List<String> row = new ArrayList<>();
      for (Column col : columns) {
        row.add(col.cell(c));
      }
      out.append(String.join(",", row)).append("\r\n");
    }
    return out.toString();
  }

  private static Statistics stats(CaseResult c) {
    return c.timing() == null ? null : c.timing().primary();
  }

  private static Double audit(CaseResult c, Function<KernelAudit, Double> f) {
    return c.audit() == null || c.audit().isSkipped() ? null : f.apply(c.audit());
  }

  private static Double tp(CaseResult c, Function<Throughput, Double> f) {
    return c.throughput() == null ? null : f.apply(c.throughput());
  }

  // Prefer the checked figure (the one the tolerance judged); fall back to the error statistics for figures the
  // tolerance did not bound.
  private static Double err(CaseResult c, CheckMetric metric) {
    Correctness corr = c.correctness();
    if (corr == null) {
      return null;
    }
    for (Check k : corr.checks()) {
      if (k.metric() == metric) {
        return k.actual();
      }
    }
    return corr.error() == null ? null : corr.error().value(metric);
  }


  private static String shape(CaseResult c) {
    Set<String> axes = new LinkedHashSet<>();
    c.shape().forEach((k, v) -> axes.add(k + "=" + v));
    return String.join(";", axes);
  }

  private static Column text(String name, Function<CaseResult, String> f) {
    return new Column(name, c -> Cells.text(f.apply(c)));
  }

  private static Column number(String name, Function<CaseResult, Double> f) {
    return new Column(name, c -> Cells.number(f.apply(c)));
  }

  private record Column(String name, Function<CaseResult, String> cell) {
    String cell(CaseResult c) {
      return cell.apply(c);
    }
  }

  /** The lowest or highest mean SM clock over a world's GPUs, whether or not they differ. */
  private static Double worldClock(CaseResult c, boolean low) {
    var clocks = c.telemetry() == null ? null : c.telemetry().worldSmClockMeanMhz();
    if (clocks == null || clocks.isEmpty() || clocks.contains(null)) {
      return null;
    }
    var stats = clocks.stream().mapToDouble(Double::doubleValue).summaryStatistics();
    return low ? stats.getMin() : stats.getMax();
  }
}
