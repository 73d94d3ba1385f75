package io.gpubench.history.page;

import io.gpubench.api.Better;
import io.gpubench.history.changes.Change;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.Series;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.MemoryComparison;
import io.gpubench.results.compare.MemoryFigure;
import io.gpubench.results.compare.RunSamples;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;

/**
 * The history page's data, as the JSON its script reads: the runs once (a point names its run by index), and per
 * series its points as compact rows, its change points, and for each of its newest {@value #COMPARED} clean points
 * its comparison with the clean run before it, decided by the one {@link CaseComparator} (one run each side, so
 * provisional). Older points carry no comparison: a comparison of two runs' trials costs about a millisecond, and
 * a page of 500 runs × 200 cases took 136 s to build with every point compared on a loaded 2-core machine.
 *
 * <p>The listed figure's series come first, one per case row of the page (a row's {@code data-series} is its index);
 * a memory series names its row ({@code row}) and its row names it ({@code more}), for the figure selector. A memory
 * point is compared with the run before by the gate's memory rule ({@link MemoryFigure}), which costs nothing, so
 * every one is.
 */
final class PageData {

  /** How many of a series' newest clean points are compared with the run before them. */
  static final int COMPARED = 100;

  private PageData() {}

  static String json(History h, CaseComparator comparator) {
    Map<String, Integer> runIndex = new HashMap<>();
    List<Map<String, Object>> runs = new ArrayList<>();
    for (RunInfo r : h.runs()) {
      runIndex.put(r.runId(), runs.size());
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", r.runId());
      m.put("start", r.startedAt());
      m.put("t", r.startedMillis());
      m.put("commit", r.commit());
      m.put("branch", r.branch());
      m.put("dirty", r.dirty());
      m.put("ci", r.ciProvider());
      m.put("build", r.ciBuildId());
      m.put("url", safeUrl(r.ciBuildUrl()));
      m.put("testbed", r.testbed());
      m.put("host", r.host());
      m.put("complete", r.complete());
      m.put("incomplete", r.incompleteReason());
      runs.add(m);
    }
    // By identity: a series' points are compared element by element otherwise, for every lookup.
    Map<Series, List<Change>> bySeries = new IdentityHashMap<>();
    h.changes().forEach(c -> bySeries.computeIfAbsent(c.series(), k -> new ArrayList<>()).add(c));
    List<Series> ordered = new ArrayList<>(h.cases());
    h.series().stream().filter(s -> s.figure() != h.figure()).forEach(ordered::add);
    Map<String, Integer> rows = new HashMap<>();
    for (int i = 0; i < h.cases().size(); i++) {
      rows.put(key(h.cases().get(i)), i);
    }
    List<Map<String, Object>> series = new ArrayList<>();
    for (Series s : ordered) {
      Map<String, Object> m = new LinkedHashMap<>();
      Integer caseRow = rows.get(key(s));
      if (caseRow == null) {
        continue; // a memory series without its case's row (never: every stored case has a time)
      }
      if (s.figure() != h.figure()) {
        @SuppressWarnings("unchecked")
        Map<String, Integer> more = (Map<String, Integer>) series.get(caseRow).computeIfAbsent("more",
            k -> new LinkedHashMap<String, Integer>());
        more.put(s.figure().key(), series.size());
      }
      m.put("fig", s.figure().key());
      m.put("row", caseRow);
      m.put("case", s.caseId());
      m.put("name", s.displayName());
      m.put("testbed", s.testbed());
      m.put("backend", s.backend());
      m.put("precision", s.precision());
      m.put("unit", s.figure().unit());
      m.put("label", s.figure() == Figure.TIME ? "median per call" : s.figure().key());
      List<Object[]> points = new ArrayList<>();
      Map<String, String> flags = new LinkedHashMap<>();
      Point previous = null;
      int clean = (int) s.points().stream().filter(Point::clean).count();
      int seen = 0;
      for (Point p : s.points()) {
        int run = runIndex.get(p.run().runId());
        Object[] row = new Object[] {run, finite(p.value()), finite(p.low()), finite(p.high()), p.clean() ? 0 : 1,
            null, null, null, null, p.status()};
        if (!p.flags().isEmpty()) {
          flags.put(String.valueOf(run), String.join("; ", p.flags()));
        }
        if (p.clean()) {
          seen++;
          if (previous != null && s.figure().memory() != null) {
            MemoryComparison c = s.figure().memory().compare(previous.value(), p.value(), p.callsPerTrial(), false);
            row[5] = c.outcome().name();
            row[6] = c.describe();
          } else if (previous != null && clean - seen >= COMPARED) {
            row[5] = "OLDER";
          } else if (previous != null) {
            CaseComparison c = comparator.compare(List.of(new RunSamples(previous.run().runId(), previous.clock(),
                previous.samples(), List.of())), List.of(new RunSamples(p.run().runId(), p.clock(), p.samples(),
                List.of())), Better.LOWER);
            row[5] = c.verdict().name();
            row[6] = finite(c.change());
            row[7] = finite(c.ratioLow());
            row[8] = finite(c.ratioHigh());
          }
          previous = p;
        }
        points.add(row);
      }
      m.put("p", points);
      m.put("flags", flags);
      List<Map<String, Object>> cps = new ArrayList<>();
      for (Change c : bySeries.getOrDefault(s, List.of())) {
        Map<String, Object> cp = new LinkedHashMap<>();
        cp.put("run", runIndex.get(c.at().run().runId()));
        cp.put("before", runIndex.get(c.before().run().runId()));
        cp.put("ratio", finite(c.ratio()));
        cp.put("shift", c.shift());
        cp.put("p", c.stats().pValue());
        cp.put("accepted", c.accepted() == null ? null : c.accepted().reason() == null ? "" : c.accepted().reason());
        cps.add(cp);
      }
      m.put("cps", cps);
      series.add(m);
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("runs", runs);
    root.put("series", series);
    return ResultsFile.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
  }

  static String key(Series s) {
    return s.caseId() + "\n" + s.testbed();
  }

  // A link the page may open: http(s) only, never javascript: or data:.
  static String safeUrl(String url) {
    if (url == null) {
      return null;
    }
    String u = url.strip().toLowerCase(java.util.Locale.ROOT);
    return u.startsWith("https://") || u.startsWith("http://") ? url.strip() : null;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
