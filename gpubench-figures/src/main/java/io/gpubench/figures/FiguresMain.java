package io.gpubench.figures;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Statistics;
import io.gpubench.figures.cases.EmptyCase;
import io.gpubench.figures.cases.MapACase;
import io.gpubench.figures.cases.MapBCase;
import io.gpubench.figures.cases.MapCCase;
import io.gpubench.figures.cases.MatmulCase;
import io.gpubench.figures.cases.SumCase;
import io.gpubench.figures.jmh.JmhBenchmarks;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * gpubench against JMH 1.37 on the same static methods ({@link Kernels}), interleaved in one run: in each block every
 * workload is timed by both harnesses back to back, the order alternating from block to block (gpubench first in odd
 * blocks), so that a drift of the machine's load lands on both. gpubench runs with its defaults (through the JUnit
 * Platform launcher, as Surefire runs it: 2 forks, warm-up until steady, the engine's calls per trial); JMH with 2
 * forks × (5 × 1 s warm-up, 10 × 1 s measurement), average time. Each side's figure in a block is its median (of the
 * trials; of the iterations), and the table compares the medians of those medians.
 *
 * <p>Besides: the map kernel of {@link MapCCase} alone and after {@link MapACase} and {@link MapBCase} in the same
 * engine run (whose operators make the shared call site in {@link Kernels#map} megamorphic in a JVM that ran them);
 * whether the intervals of two gpubench runs of the same case overlap; the empty measure against JMH's.
 *
 * <p>Arguments, {@code key=value}: {@code blocks} (3), {@code only} (comma-separated workloads: matmul, sum, empty,
 * map), {@code jmh-forks} (2), {@code jmh-iterations} (10), {@code jmh-warmups} (5), {@code out} (a folder for the
 * results files; default a temporary one). The machine's load average is printed with every block: measure when it
 * is low.
 */
public final class FiguresMain {
  private final PrintStream out = System.out;
  private final Map<String, String> args;
  private final Path dir;
  private final Map<String, List<Double>> gpubench = new LinkedHashMap<>();
  private final Map<String, List<Double>> jmh = new LinkedHashMap<>();
  private final Map<String, List<double[]>> intervals = new LinkedHashMap<>();
  private final Map<String, List<String>> notes = new LinkedHashMap<>();
  private final List<Double> mapAlone = new ArrayList<>();
  private final List<Double> mapAfter = new ArrayList<>();
  private final List<String> loads = new ArrayList<>();
  private int runs;

  private FiguresMain(Map<String, String> args) throws IOException {
    this.args = args;
    this.dir = args.containsKey("out") ? Path.of(args.get("out")) : Files.createTempDirectory("gpubench-figures");
    Files.createDirectories(dir);
  }

  /**
   * Runs the comparison and prints the table.
   *
   * @param argv {@code key=value} arguments
   * @throws Exception when a harness fails
   */
  public static void main(String[] argv) throws Exception {
    Map<String, String> args = new LinkedHashMap<>();
    for (String a : argv) {
      int eq = a.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("argument '" + a + "' is not key=value");
      }
      args.put(a.substring(0, eq), a.substring(eq + 1));
    }
    new FiguresMain(args).run();
    System.exit(0);
  }

  private void run() throws Exception {
    int blocks = Integer.parseInt(args.getOrDefault("blocks", "3"));
    List<String> workloads = Arrays.asList(args.getOrDefault("only", "matmul,sum,empty,map").split(","));
    out.printf(Locale.ROOT, "gpubench vs JMH %s: %d blocks of %s; results under %s%n", jmhVersion(), blocks,
        workloads, dir);
    for (int b = 1; b <= blocks; b++) {
      String load = load();
      loads.add(load);
      out.printf(Locale.ROOT, "block %d, load average %s, %s%n", b, load, Instant.now());
      boolean gpubenchFirst = b % 2 == 1;
      for (String w : workloads) {
        if (gpubenchFirst) {
          gpubenchSide(w);
          jmhSide(w);
        } else {
          jmhSide(w);
          gpubenchSide(w);
        }
        if (w.equals("map")) {
          mapAfter.add(median(runGpubench("map-after", selectClass(MapACase.class), selectClass(MapBCase.class),
              selectClass(MapCCase.class)), MapCCase.class));
        }
      }
    }
    loads.add(load());
    table(workloads);
  }

  private void gpubenchSide(String w) throws IOException {
    Class<?> type = switch (w) {
      case "matmul" -> MatmulCase.class;
      case "sum" -> SumCase.class;
      case "empty" -> EmptyCase.class;
      case "map" -> MapCCase.class;
      default -> throw new IllegalArgumentException("unknown workload " + w + "; known: matmul, sum, empty, map");
    };
    List<CaseResult> cases = runGpubench(w, selectClass(type));
    CaseResult c = cases.stream().filter(x -> x.benchmark().equals(type.getName())).findFirst().orElseThrow();
    Statistics s = c.timing().primary();
    gpubench.computeIfAbsent(w, k -> new ArrayList<>()).add(s.median());
    intervals.computeIfAbsent(w, k -> new ArrayList<>()).add(new double[] {s.ciLow(), s.ciHigh()});
    notes.computeIfAbsent(w, k -> new ArrayList<>()).add(c.timing().warmup().end() + " " + c.timing().callsPerTrial()
        + " calls/trial" + (c.flags().isEmpty() ? "" : " flags " + c.flags().stream().map(f -> f.code()).toList()));
    if (w.equals("map")) {
      mapAlone.add(s.median());
    }
    out.printf(Locale.ROOT, "  gpubench %-6s median %10.2f ns [%.4g, %.4g] ±%.2f%% (%d trials, %d forks, %s), warm-up"
        + " %s %.2f s%s%n", w, s.median(), s.ciLow(), s.ciHigh(), s.relativeHalfWidth() * 100, s.n(),
        Math.max(1, c.timing().forks().size()), c.timing().stop(), c.timing().warmup().end(),
        c.timing().warmup().seconds(), c.flags().isEmpty() ? "" : ", flags " + c.flags().stream().map(f -> f.code()
            + (f.slowdown() == null ? "" : String.format(Locale.ROOT, " %.2fx", f.slowdown()))).toList());
    if (c.timing().stop() == io.gpubench.api.result.StopReason.TARGET_REACHED
        && s.relativeHalfWidth() > targetOf(c)) {
      out.printf(Locale.ROOT, "  !! %s: TARGET_REACHED beside ±%.2f%%, over the target: the stop reason is not the"
          + " interval's%n", c.id(), s.relativeHalfWidth() * 100);
    }
  }

  /** The target half-width the case was run with: the default (these classes declare none) unless configured. */
  private static double targetOf(CaseResult c) {
    return 0.01;
  }

  private List<CaseResult> runGpubench(String label, DiscoverySelector... selectors) throws IOException {
    Path results = dir.resolve("run-" + (++runs) + "-" + label);
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectors)
        .configurationParameter("gpubench.output-dir", results.toString())
        .configurationParameter("gpubench.include", "*Case")
        .configurationParameter("gpubench.progress", "false")
        .configurationParameter("gpubench.summary", "false")
        .build();
    LauncherFactory.create().execute(request);
    List<CaseResult> cases = ResultsFile.read(results.resolve("results.json")).cases();
    for (CaseResult c : cases) {
      if (c.status() != CaseStatus.PASSED) {
        throw new IllegalStateException(c.id() + " " + c.status() + ": " + c.message());
      }
    }
    return cases;
  }

  private static double median(List<CaseResult> cases, Class<?> type) {
    return cases.stream().filter(c -> c.benchmark().equals(type.getName())).findFirst().orElseThrow().timing()
        .primary().median();
  }

  private void jmhSide(String w) throws RunnerException {
    Options options = new OptionsBuilder()
        .include(JmhBenchmarks.class.getName().replace(".", "\\.") + "\\." + w + "$")
        .forks(Integer.parseInt(args.getOrDefault("jmh-forks", "2")))
        .warmupIterations(Integer.parseInt(args.getOrDefault("jmh-warmups", "5")))
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(Integer.parseInt(args.getOrDefault("jmh-iterations", "10")))
        .measurementTime(TimeValue.seconds(1))
        .timeUnit(TimeUnit.NANOSECONDS)
        .jvmArgs("-Xmx1g")
        .verbosity(VerboseMode.SILENT)
        .build();
    List<Double> scores = new ArrayList<>();
    double mean = Double.NaN;
    double error = Double.NaN;
    for (RunResult r : new Runner(options).run()) {
      mean = r.getPrimaryResult().getScore();
      error = r.getPrimaryResult().getScoreError();
      for (BenchmarkResult fork : r.getBenchmarkResults()) {
        for (IterationResult it : fork.getIterationResults()) {
          scores.add(it.getPrimaryResult().getScore());
        }
      }
    }
    double median = medianOf(scores);
    jmh.computeIfAbsent(w, k -> new ArrayList<>()).add(median);
    out.printf(Locale.ROOT, "  JMH      %-6s median %10.2f ns, mean %10.2f ns ± %.2f (99.9%%, %d iterations)%n", w,
        median, mean, error, scores.size());
  }

  private void table(List<String> workloads) {
    out.println();
    out.println("| workload | gpubench (median of medians) | JMH 1.37 (median of medians) | gpubench / JMH | target |"
        + " per block (gpubench / JMH, ns) | gpubench warm-up, calls per trial, flags |");
    out.println("|---|---|---|---|---|---|---|");
    for (String w : workloads) {
      double g = medianOf(gpubench.get(w));
      double j = medianOf(jmh.get(w));
      String target = switch (w) {
        case "matmul" -> "within 5%";
        case "sum" -> "within 25%";
        case "map" -> "-";
        default -> "(reported)";
      };
      List<String> blocks = new ArrayList<>();
      for (int i = 0; i < gpubench.get(w).size(); i++) {
        blocks.add(String.format(Locale.ROOT, "%.4g / %.4g", gpubench.get(w).get(i), jmh.get(w).get(i)));
      }
      out.printf(Locale.ROOT, "| %s | %s | %s | %.3f | %s | %s | %s |%n", w, ns(g), ns(j), g / j, target,
          String.join("; ", blocks), String.join("; ", notes.get(w)));
    }
    if (!mapAlone.isEmpty()) {
      double alone = medianOf(mapAlone);
      double after = medianOf(mapAfter);
      out.printf(Locale.ROOT, "%nmap kernel (MapCCase) alone: %s; after MapACase and MapBCase in the same run: %s;"
          + " ratio %.3f (target within 10%%); per block alone %s, after %s%n", ns(alone), ns(after), after / alone,
          mapAlone, mapAfter);
    }
    out.println();
    for (String w : workloads) {
      List<double[]> iv = intervals.get(w);
      int pairs = 0;
      int overlapping = 0;
      for (int a = 0; a < iv.size(); a++) {
        for (int b = a + 1; b < iv.size(); b++) {
          pairs++;
          if (iv.get(a)[0] <= iv.get(b)[1] && iv.get(b)[0] <= iv.get(a)[1]) {
            overlapping++;
          }
        }
      }
      List<String> text = new ArrayList<>();
      for (double[] i : iv) {
        text.add(String.format(Locale.ROOT, "[%.4g, %.4g]", i[0], i[1]));
      }
      out.printf(Locale.ROOT, "intervals of the median, %s: %s; %d of %d pairs of runs overlap%n", w,
          String.join(" ", text), overlapping, pairs);
    }
    out.printf(Locale.ROOT, "load averages (1, 5, 15 min) at each block's start and at the end: %s%n", loads);
  }

  private static String ns(double v) {
    return v >= 1e3 ? String.format(Locale.ROOT, "%.2f µs", v / 1e3) : String.format(Locale.ROOT, "%.2f ns", v);
  }

  private static double medianOf(List<Double> xs) {
    double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = s.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static String load() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static String jmhVersion() {
    Package p = Runner.class.getPackage();
    return p.getImplementationVersion() == null ? "1.37" : p.getImplementationVersion();
  }
}
