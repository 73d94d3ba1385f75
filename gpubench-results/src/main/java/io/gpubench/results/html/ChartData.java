package io.gpubench.results.html;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.TelemetrySample;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.Comparison;
import io.gpubench.results.compare.KernelShares;
import io.gpubench.results.compare.Leaderboard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data behind the report's charts, embedded in the page as JSON and turned into ECharts options by
 * {@code report.js}. Each chart gets an id that its placeholder element names ({@code data-chart}); the page's
 * script looks the data up by that id. Binning and unit choice happen here, in tested Java; the script only maps
 * data to chart options.
 */
final class ChartData {

  private final ObjectNode charts = ResultsFile.mapper().createObjectNode();

  /**
   * Adds the distribution of a case's trial times on its headline clock, with the median and its interval.
   *
   * @param c the case
   * @return the chart id, or null when the case has no trials
   */
  String histogram(CaseResult c) {
    if (c.timing() == null || c.timing().trials().isEmpty() || c.timing().primary() == null) {
      return null;
    }
    boolean device = c.timing().device() != null
        && c.timing().trials().stream().allMatch(t -> t.deviceNanos() != null);
    boolean batch = c.timing().batch() != null
        && c.timing().trials().stream().allMatch(t -> t.batchNanos() != null);
    List<Double> xs = new ArrayList<>();
    for (Trial t : c.timing().trials()) {
      xs.add(batch ? t.batchNanos() : device ? t.deviceNanos() : t.hostNanos());
    }
    Statistics s = batch ? c.timing().batch() : device ? c.timing().device() : c.timing().host();
    TimeUnit unit = TimeUnit.forNanos(s.median());
    Histogram h = Histogram.of(xs);
    ObjectNode spec = spec("histogram");
    spec.put("unit", unit.symbol());
    spec.put("clock", batch ? c.timing().deviceClock() + ", " + c.timing().batchCalls() + " calls back to back"
        : device ? c.timing().deviceClock() : "host clock");
    // Zero-height points one bin beyond each end close the stepped outline, so it reads as bars.
    ArrayNode points = spec.putArray("points");
    points.addArray().add(unit.of(h.low() - h.width() / 2)).add(0);
    for (int i = 0; i < h.counts().length; i++) {
      points.addArray().add(unit.of(h.center(i))).add(h.counts()[i]);
    }
    points.addArray().add(unit.of(h.low() + (h.counts().length + 0.5) * h.width())).add(0);
    spec.put("median", unit.of(s.median()));
    spec.put("ciLow", unit.of(s.ciLow()));
    spec.put("ciHigh", unit.of(s.ciHigh()));
    spec.put("confidence", s.confidence());
    return add(spec);
  }

  /**
   * Adds a case's telemetry timeline: SM clock and board power over the trials.
   *
   * @param t the telemetry
   * @return the chart id, or null when there is no timeline
   */
  String telemetry(Telemetry t) {
    if (t == null || t.timeline().isEmpty()) {
      return null;
    }
    ObjectNode spec = spec("telemetry");
    ArrayNode sm = spec.putArray("sm");
    ArrayNode power = spec.putArray("power");
    for (TelemetrySample s : t.timeline()) {
      sm.addArray().add(s.millis()).add(s.smClockMhz());
      power.addArray().add(s.millis()).add(s.powerWatts());
    }
    if (t.smClockMaxMhz() != null) {
      spec.put("smMax", t.smClockMaxMhz());
    }
    return add(spec);
  }

  /**
   * Adds a case's device-memory timeline, beside its clock timeline: the process's device memory at each telemetry
   * reading (NVML's figure for this process, the reading the case's device peak comes from), with the case's peak
   * and its memory before set-up as lines where they were measured. The unit is chosen by the largest value.
   *
   * @param t the telemetry
   * @param m the case's memory, or null
   * @return the chart id, or null where no reading has the process's memory (results written before it was recorded,
   *     a device whose management library cannot say)
   */
  String deviceMemory(Telemetry t, Memory m) {
    if (t == null || t.timeline().stream().allMatch(s -> s.processMemoryBytes() == null)) {
      return null;
    }
    DeviceMemory d = m == null ? null : m.device();
    double most = t.timeline().stream().filter(s -> s.processMemoryBytes() != null)
        .mapToDouble(TelemetrySample::processMemoryBytes).max().orElse(0);
    if (d != null && d.processPeakBytes() != null) {
      most = Math.max(most, d.processPeakBytes());
    }
    ByteUnit unit = ByteUnit.forBytes(most);
    ObjectNode spec = spec("deviceMemory");
    spec.put("unit", unit.symbol());
    ArrayNode points = spec.putArray("points");
    for (TelemetrySample s : t.timeline()) {
      ArrayNode p = points.addArray().add(s.millis());
      if (s.processMemoryBytes() == null) {
        p.addNull();
      } else {
        p.add(unit.of(s.processMemoryBytes()));
      }
    }
    if (d != null && d.processPeakBytes() != null) {
      spec.put("peak", unit.of(d.processPeakBytes()));
    }
    if (d != null && d.processBeforeBytes() != null) {
      spec.put("before", unit.of(d.processBeforeBytes()));
    }
    return add(spec);
  }

  /**
   * Adds a CPU case's trials in the order they ran, each trial's time per call, with the trials during which a
   * garbage collection ran marked ({@link HostMemory#gcTrials()}): what a case without telemetry has per trial. Only
   * where those indexes are the kept trials': the first fork's trials come first in {@link Timing#trials()}, and a
   * fork that discarded trials counted them too, so its indexes no longer match.
   *
   * @param c the case
   * @return the chart id, or null where no trial held a collection or the indexes cannot be matched
   */
  String gcTrials(CaseResult c) {
    Timing t = c.timing();
    HostMemory h = c.memory() == null ? null : c.memory().host();
    if (t == null || h == null || h.gcTrials().isEmpty() || t.primary() == null) {
      return null;
    }
    int kept = t.forks().isEmpty() ? t.trials().size() : t.forks().get(0).trials();
    int discarded = t.forks().isEmpty() ? t.discardedTrials() : t.forks().get(0).discardedTrials();
    if (discarded > 0 || h.trials() != kept || kept > t.trials().size()) {
      return null;
    }
    boolean device = t.device() != null && t.trials().stream().allMatch(x -> x.deviceNanos() != null);
    TimeUnit unit = TimeUnit.forNanos(t.primary().median());
    ObjectNode spec = spec("gcTrials");
    spec.put("unit", unit.symbol());
    spec.put("clock", device ? t.deviceClock() : "host clock");
    ArrayNode plain = spec.putArray("trials");
    ArrayNode gc = spec.putArray("gc");
    java.util.Set<Integer> collected = new java.util.HashSet<>(h.gcTrials());
    for (int i = 0; i < kept; i++) {
      Trial x = t.trials().get(i);
      double nanos = device ? x.deviceNanos() : x.hostNanos();
      (collected.contains(i) ? gc : plain).addArray().add(i + 1).add(unit.of(nanos));
    }
    spec.put("forks", t.forks().size());
    return add(spec);
  }

  /**
   * Adds the bar of a kernel audit: the call's GPU time by library, copies apart, in percent.
   *
   * @param audit an audit that was not skipped
   * @return the chart id, or null when the call had no GPU time
   */
  String kernels(KernelAudit audit) {
    List<KernelShares.Part> parts = KernelShares.parts(audit);
    if (parts.isEmpty()) {
      return null;
    }
    ObjectNode spec = spec("kernels");
    ArrayNode a = spec.putArray("parts");
    for (KernelShares.Part p : parts) {
      ObjectNode o = a.addObject();
      o.put("label", p.label());
      o.put("percent", Math.round(p.share() * 1000) / 10.0);
      o.put("copies", p.copies());
    }
    return add(spec);
  }

  /**
   * Adds the time ratio of every comparable case of every run against the baseline.
   *
   * @param cmp the comparison
   * @return the chart id, or null when no case is comparable
   */
  String ratios(Comparison cmp) {
    List<Comparison.Row> rows = new ArrayList<>();
    for (Comparison.Row row : cmp.rows()) {
      if (row.changes().stream().anyMatch(ch -> Double.isFinite(ch.ratio()))) {
        rows.add(row);
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    ObjectNode spec = spec("ratio");
    ArrayNode cases = spec.putArray("cases");
    rows.forEach(r -> cases.add(r.displayName()));
    ArrayNode series = spec.putArray("series");
    for (int run = 1; run < cmp.runs().size(); run++) {
      ObjectNode s = series.addObject();
      s.put("name", cmp.labels().get(run));
      ArrayNode values = s.putArray("values");
      ArrayNode verdicts = s.putArray("verdicts");
      for (Comparison.Row r : rows) {
        CaseComparison ch = r.changes().get(run - 1);
        if (Double.isFinite(ch.ratio())) {
          values.add(ch.ratio());
        } else {
          values.addNull();
        }
        verdicts.add(ch.verdictText());
      }
    }
    spec.put("baseline", cmp.labels().get(0));
    return add(spec);
  }

  /**
   * Adds one model's samples/s per device, one series per precision.
   *
   * @param model the model
   * @param entries the leaderboard's entries for that model
   * @return the chart id
   */
  String leaderboard(String model, List<Leaderboard.Entry> entries) {
    ObjectNode spec = spec("leaderboard");
    spec.put("model", model);
    LinkedHashSet<String> devices = new LinkedHashSet<>();
    Map<String, Map<String, Double>> byPrecision = new LinkedHashMap<>();
    for (Leaderboard.Entry e : entries) {
      devices.add(e.device());
      // Two runs of one device and precision: the chart shows the better, the table shows both.
      byPrecision.computeIfAbsent(e.precision(), k -> new LinkedHashMap<>())
          .merge(e.device(), e.samplesPerSecond(), Math::max);
    }
    ArrayNode d = spec.putArray("devices");
    devices.forEach(d::add);
    ArrayNode series = spec.putArray("series");
    byPrecision.forEach((precision, values) -> {
      ObjectNode s = series.addObject();
      s.put("name", precision);
      ArrayNode v = s.putArray("values");
      for (String device : devices) {
        Double x = values.get(device);
        if (x == null) {
          v.addNull();
        } else {
          v.add(x);
        }
      }
    });
    return add(spec);
  }

  /**
   * Adds the run's first view: every timed case whose cost and device peaks give a roofline bound, as the share of
   * that bound its median reached (bound over time: 100% is the device's peak), coloured by status.
   *
   * @param points the cases to draw, each with its position in the run and its card's anchor
   * @return the chart id, or null when no case has a bound
   */
  String roofline(List<GlancePoint> points) {
    if (points.isEmpty()) {
      return null;
    }
    ObjectNode spec = spec("roofline");
    ArrayNode a = spec.putArray("points");
    for (GlancePoint p : points) {
      ObjectNode o = a.addObject();
      o.put("x", p.position());
      o.put("share", Math.round(p.share() * 10000) / 100.0);
      o.put("name", p.name());
      o.put("status", p.status());
      o.put("time", p.time());
      o.put("anchor", p.anchor());
    }
    return add(spec);
  }

  /**
   * One line of an axis chart: its name and its points, each {x: the axis value, y: the median time in nanoseconds},
   * in order of x.
   *
   * @param name what the line's cases share, such as {@code layout=row, FP16}
   * @param points the points
   */
  record Line(String name, List<double[]> points) {}

  /**
   * Adds a line chart of the median time over one numeric axis, one line per series of cases that differ in that
   * axis alone. The time unit is chosen by the median of every point. The axis is logarithmic where a linear one would
   * crowd the small values: base 2 where every value is a power of two spanning a factor of 4 or more (a range such
   * as {@code 2^10..2^20} then spaces evenly), base 10 where the values span a factor of 100 or more.
   *
   * @param axis the axis
   * @param lines the lines, each of two points or more
   * @return the chart id
   */
  String axisLine(String axis, List<Line> lines) {
    List<Double> ys = new ArrayList<>();
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    boolean powers = true;
    for (Line l : lines) {
      for (double[] p : l.points()) {
        ys.add(p[1]);
        low = Math.min(low, p[0]);
        high = Math.max(high, p[0]);
        long whole = (long) p[0];
        powers &= whole == p[0] && whole > 0 && Long.bitCount(whole) == 1;
      }
    }
    ys.sort(Double::compare);
    TimeUnit unit = TimeUnit.forNanos(ys.get(ys.size() / 2));
    ObjectNode spec = spec("axisLine");
    spec.put("axis", axis);
    spec.put("unit", unit.symbol());
    if (low > 0 && powers && high / low >= 4) {
      spec.put("logBase", 2);
    } else if (low > 0 && high / low >= 100) {
      spec.put("logBase", 10);
    }
    ArrayNode series = spec.putArray("series");
    for (Line l : lines) {
      ObjectNode s = series.addObject();
      s.put("name", l.name());
      ArrayNode points = s.putArray("points");
      l.points().forEach(p -> points.addArray().add(p[0]).add(unit.of(p[1])));
    }
    return add(spec);
  }

  /**
   * The data as JSON that is safe inside a {@code <script type="application/json">} element: {@code <}, {@code >}
   * and {@code &} are written as JSON unicode escapes, so no string from the results can close the element or open a
   * comment, and {@code JSON.parse} reads back the same strings. U+2028/U+2029 are escaped too, for old parsers
   * that treat them as line ends.
   *
   * @return the JSON
   */
  String json() {
    String json = ResultsFile.mapper().writer().withoutFeatures(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT)
        .writeValueAsString(charts);
    return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
  }

  private ObjectNode spec(String kind) {
    ObjectNode spec = ResultsFile.mapper().createObjectNode();
    spec.put("kind", kind);
    return spec;
  }

  private String add(ObjectNode spec) {
    String id = "chart-" + charts.size();
    charts.set(id, spec);
    return id;
  }

  /** A binary unit for bytes, chosen by the largest value so the axis reads in small numbers. */
  private record ByteUnit(String symbol, double bytes) {
    static ByteUnit forBytes(double most) {
      String[] names = {"B", "KiB", "MiB", "GiB", "TiB"};
      int i = 0;
      while (i < names.length - 1 && most >= 1024.0 * (1L << (10 * i))) {
        i++;
      }
      return new ByteUnit(names[i], 1L << (10 * i));
    }

    double of(double b) {
      return b / bytes;
    }
  }

  /** A display unit for times, chosen by the median so the axis reads in small numbers. */
  private record TimeUnit(String symbol, double nanos) {
    static TimeUnit forNanos(double median) {
      double abs = Math.abs(median);
      if (abs >= 1e9) {
        return new TimeUnit("s", 1e9);
      }
      if (abs >= 1e6) {
        return new TimeUnit("ms", 1e6);
      }
      if (abs >= 1e3) {
        return new TimeUnit("µs", 1e3);
      }
      return new TimeUnit("ns", 1);
    }

    double of(double nanos) {
      return nanos / this.nanos;
    }
  }
}
