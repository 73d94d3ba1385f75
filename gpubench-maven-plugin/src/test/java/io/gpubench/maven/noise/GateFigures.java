package io.gpubench.maven.noise;

import io.gpubench.api.result.RunResult;
import io.gpubench.maven.ab.AbRunner;
import io.gpubench.maven.ab.Side;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Verdict;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The gate's false-alarm and detection rates, measured with real engine runs: a benchmark of the plugin, not a test.
 * Each run is the current engine in a JVM of its own over the 25 cases of the {@code Noise*Benchmark} classes (CPU,
 * a few µs to a few ms a call), on this machine, under a background load this program starts
 * ({@link LoadGenerator}: by default 2 threads, each busy 60% of the time in random spells of mean 0.5 s).
 *
 * <ol>
 *   <li>Baseline: {@code baselineRuns} runs recorded as one baseline (the {@code gpubench:baseline} recorder);
 *       its first 5 runs also make a second, smaller baseline.
 *   <li>Unchanged reruns and 2× slowed reruns, alternating, each judged against both baselines
 *       ({@code gpubench:check}'s comparison): the share of unchanged case verdicts that read SLOWER or FASTER, and
 *       how many slowed runs fail the gate. The same unchanged reruns are also judged against the first baseline run
 *       alone, as the gate did before runs were modelled, for contrast.
 *   <li>A/B mode ({@code gpubench:ab}'s runner): {@code abRuns} sessions of {@code rounds} rounds of A B B A, B 20%
 *       slower than A (another build of {@link Slowdown}, compiled here); and as many A/A sessions for its false
 *       alarms.
 *   <li>History ({@link HistoryPhase}, only when named: {@code --phases history}): the gate against the last 10
 *       clean runs of main in a results store, unchanged and 2x slowed reruns, and the change points of the
 *       measured series. {@code --phases history-changes} computes those change points again over the store an
 *       earlier history phase left in {@code --work}, running no build: a change to the detector on the same series.
 * </ol>
 *
 * <p>Run by hand. A run of the 25 cases takes about a minute on 2 cores under the load: the check phase (baseline
 * runs, then an unchanged and a slowed run per rerun) about 30 minutes with the defaults, an A/B phase
 * {@code 4 × rounds} runs a session (with the defaults 80 runs, so name fewer classes with {@code --include}):
 * <pre>
 * mvn -o -q -pl gpubench-maven-plugin -am -Pgate-figures -DskipTests -Dgate.figures.args="" verify
 * </pre>
 * Arguments ({@code -Dgate.figures.args="--reruns 10 --ab-runs 10"}): {@code --baseline-runs 10 --reruns 10
 * --ab-runs 10 --rounds 2 --load 2,500,0.6} ({@code --load none} for none) {@code --phases check,ab,aa} (add
 * {@code history} for the history phase)
 * {@code --work target/gate-figures}. The table is printed last and written to {@code figures.md} in the work folder.
 */
public final class GateFigures {

  private static final String INCLUDE = "io\\.gpubench\\.maven\\.noise\\.Noise.*Benchmark";

  private final Map<String, String> options = new LinkedHashMap<>(Map.of("--baseline-runs", "10", "--reruns", "10",
      "--ab-runs", "10", "--rounds", "2", "--load", "2,500,0.6", "--phases", "check,ab,aa", "--work",
      "target/gate-figures", "--include", INCLUDE));
  private final List<String> report = new ArrayList<>();
  private final List<Double> load = new ArrayList<>();

  private GateFigures() {}

  /**
   * Measures.
   *
   * @param args see the class comment
   * @throws Exception when a run cannot run
   */
  public static void main(String[] args) throws Exception {
    GateFigures g = new GateFigures();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!g.options.containsKey(args[i])) {
        throw new IllegalArgumentException("unknown option " + args[i] + " (known: " + g.options.keySet() + ")");
      }
      g.options.put(args[i], args[i + 1]);
    }
    g.measure();
  }

  private void measure() throws Exception {
    Path work = Path.of(options.get("--work")).toAbsolutePath();
    if (options.get("--phases").equals("history-changes")) {
      // the change points of a history phase's store again, with this build's detector: no build runs
      HistoryPhase.changePoints(work.resolve("runs").resolve("history.db"), Integer.parseInt(options.get("--reruns")))
          .forEach(System.out::println);
      return;
    }
    Files.createDirectories(work);
    Path testClasses = Path.of(GateFigures.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> cp = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    Path x1 = variant(work, "x1", 5);
    Path x12 = variant(work, "x1.2", 6);
    Path x2 = variant(work, "x2", 10);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Map<String, String> config = Map.of("gpubench.backends", "cpu", "gpubench.summary", "false",
        "gpubench.progress", "false");
    AbRunner runner = new AbRunner(java, List.of(options.get("--include")), List.of("gpubench"), config,
        work.resolve("runs"), 900, System.out::println);
    Process loadProcess = startLoad(java, testClasses);
    AtomicBoolean done = new AtomicBoolean();
    Thread sampler = sampleLoad(done);
    long start = System.nanoTime();
    try {
      List<String> phases = List.of(options.get("--phases").split(","));
      if (phases.contains("check")) {
        checkMode(runner, side("x1", x1, cp, testClasses), side("x2", x2, cp, testClasses));
      }
      if (phases.contains("ab")) {
        abMode(runner, side("A", x1, cp, testClasses), side("B", x12, cp, testClasses), "20% slower B", true);
      }
      if (phases.contains("history")) {
        report.addAll(HistoryPhase.measure(runner, side("x1", x1, cp, testClasses), side("x2", x2, cp, testClasses),
            Integer.parseInt(options.get("--baseline-runs")), Integer.parseInt(options.get("--reruns"))));
      }
      if (phases.contains("aa")) {
        abMode(runner, side("A", x1, cp, testClasses), side("B", x1, cp, testClasses), "A/A (B unchanged)", false);
      }
    } finally {
      done.set(true);
      sampler.interrupt();
      if (loadProcess != null) {
        loadProcess.destroy();
      }
    }
    double minutes = (System.nanoTime() - start) / 60e9;
    report.add(0, String.format(Locale.ROOT, "gate figures: %d cores, load %s, 1-min load average during the runs "
        + "%s, %.0f min", Runtime.getRuntime().availableProcessors(), options.get("--load"), loadStats(), minutes));
    String table = String.join("\n", report) + "\n";
    Files.writeString(work.resolve("figures.md"), table);
    System.out.println();
    System.out.print(table);
  }

  private void checkMode(AbRunner runner, Side unchanged, Side slowed) {
    int k = Integer.parseInt(options.get("--baseline-runs"));
    int reruns = Integer.parseInt(options.get("--reruns"));
    BaselineSet baseline = BaselineSet.empty();
    BaselineSet oneRun = null;
    BaselineSet five = null;
    for (int i = 0; i < k; i++) {
      RunResult run = runner.runOnce(unchanged, runner.work().resolve("baseline-" + (i + 1)));
      System.out.println("baseline run " + (i + 1) + " of " + k + ": " + run.cases().size() + " cases");
      baseline = baseline.with(BaselineRecorder.record(List.of(run), false).baseline(), false, k);
      if (oneRun == null) {
        oneRun = BaselineSet.empty().with(BaselineRecorder.record(List.of(run), false).baseline(), false, 1);
      }
      if (i == Math.min(5, k) - 1) {
        five = baseline;
      }
    }
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    Map<Verdict, Integer> same = new EnumMap<>(Verdict.class);
    Map<Verdict, Integer> provisional = new EnumMap<>(Verdict.class);
    Map<Verdict, Integer> sameFive = new EnumMap<>(Verdict.class);
    Map<Verdict, Integer> slowedFive = new EnumMap<>(Verdict.class);
    int caughtRunsFive = 0;
    int falseRuns = 0;
    int caughtRuns = 0;
    int slowedCases = 0;
    int slowedCaught = 0;
    List<String> perRun = new ArrayList<>();
    for (int i = 0; i < reruns; i++) {
      RunResult u = runner.runOnce(unchanged, runner.work().resolve("rerun-" + (i + 1)));
      Map<Verdict, Integer> v = tally(gate.check(List.of(u), baseline, "baseline"));
      v.forEach((verdict, n) -> same.merge(verdict, n, Integer::sum));
      tally(gate.check(List.of(u), oneRun, "first run")).forEach((verdict, n) -> provisional.merge(verdict, n,
          Integer::sum));
      tally(gate.check(List.of(u), five, "first 5 runs")).forEach((verdict, n) -> sameFive.merge(verdict, n,
          Integer::sum));
      falseRuns += v.getOrDefault(Verdict.SLOWER, 0) + v.getOrDefault(Verdict.FASTER, 0) > 0 ? 1 : 0;
      RunResult s = runner.runOnce(slowed, runner.work().resolve("slowed-" + (i + 1)));
      Map<Verdict, Integer> w = tally(gate.check(List.of(s), baseline, "baseline"));
      int caught = w.getOrDefault(Verdict.SLOWER, 0);
      slowedCaught += caught;
      slowedCases += w.values().stream().mapToInt(Integer::intValue).sum();
      caughtRuns += caught > 0 ? 1 : 0;
      Map<Verdict, Integer> w5 = tally(gate.check(List.of(s), five, "first 5 runs"));
      w5.forEach((verdict, n) -> slowedFive.merge(verdict, n, Integer::sum));
      caughtRunsFive += w5.getOrDefault(Verdict.SLOWER, 0) > 0 ? 1 : 0;
      perRun.add(String.format(Locale.ROOT, "| %d | %s | %s |", i + 1, counts(v), counts(w)));
      System.out.println("rerun " + (i + 1) + ": unchanged " + counts(v) + "; 2x slower " + counts(w));
    }
    int verdicts = same.values().stream().mapToInt(Integer::intValue).sum();
    int wrong = same.getOrDefault(Verdict.SLOWER, 0) + same.getOrDefault(Verdict.FASTER, 0);
    int provisionalWrong = provisional.getOrDefault(Verdict.SLOWER, 0) + provisional.getOrDefault(Verdict.FASTER, 0);
    int provisionalAll = provisional.values().stream().mapToInt(Integer::intValue).sum();
    report.add("");
    report.add(String.format(Locale.ROOT, "### Against a baseline of %d runs (check)", k));
    report.add("");
    report.add("| rerun | unchanged code | 2x slower code |");
    report.add("|---|---|---|");
    report.addAll(perRun);
    report.add("");
    report.add(String.format(Locale.ROOT, "- unchanged: SLOWER or FASTER in %d of %d case verdicts (%.1f%%), in %d "
        + "of %d runs; %s", wrong, verdicts, 100.0 * wrong / verdicts, falseRuns, reruns, counts(same)));
    report.add(String.format(Locale.ROOT, "- the same reruns against the first baseline run alone (provisional, "
        + "trials only): SLOWER or FASTER in %d of %d (%.1f%%)", provisionalWrong, provisionalAll,
        100.0 * provisionalWrong / provisionalAll));
    report.add(String.format(Locale.ROOT, "- 2x slower: the gate failed in %d of %d runs; %d of %d case verdicts "
        + "SLOWER", caughtRuns, reruns, slowedCaught, slowedCases));
    int fiveWrong = sameFive.getOrDefault(Verdict.SLOWER, 0) + sameFive.getOrDefault(Verdict.FASTER, 0);
    int fiveAll = sameFive.values().stream().mapToInt(Integer::intValue).sum();
    report.add(String.format(Locale.ROOT, "- against the first 5 baseline runs only: unchanged SLOWER or FASTER in "
        + "%d of %d (%.1f%%), %s; 2x slower: the gate failed in %d of %d runs, %s", fiveWrong, fiveAll,
        100.0 * fiveWrong / fiveAll, counts(sameFive), caughtRunsFive, reruns, counts(slowedFive)));
  }

  private void abMode(AbRunner runner, Side a, Side b, String title, boolean slowed) {
    int sessions = Integer.parseInt(options.get("--ab-runs"));
    int rounds = Integer.parseInt(options.get("--rounds"));
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    Map<Verdict, Integer> all = new EnumMap<>(Verdict.class);
    int failing = 0;
    List<String> perRun = new ArrayList<>();
    for (int i = 0; i < sessions; i++) {
      AbRunner session = new AbRunner(runner.javaExecutable(), runner.includes(), runner.engines(), runner.config(),
          runner.work().resolve((slowed ? "ab-" : "aa-") + (i + 1)), runner.timeoutSeconds(), runner.log());
      AbRunner.Runs runs = session.run(a, b, rounds);
      BaselineSet asBaseline = BaselineSet.empty().with(BaselineRecorder.record(runs.a(), true).baseline(), false,
          Integer.MAX_VALUE);
      Map<Verdict, Integer> v = tally(gate.checkInTurns(runs.b(), asBaseline, "A runs"));
      v.forEach((verdict, n) -> all.merge(verdict, n, Integer::sum));
      boolean fails = v.getOrDefault(Verdict.SLOWER, 0) > 0;
      failing += fails ? 1 : 0;
      perRun.add(String.format(Locale.ROOT, "| %d | %s | %s |", i + 1, counts(v), fails ? "fails" : "passes"));
      System.out.println(title + " session " + (i + 1) + ": " + counts(v));
    }
    int verdicts = all.values().stream().mapToInt(Integer::intValue).sum();
    int slower = all.getOrDefault(Verdict.SLOWER, 0);
    int wrong = slowed ? all.getOrDefault(Verdict.FASTER, 0) : slower + all.getOrDefault(Verdict.FASTER, 0);
    report.add("");
    report.add(String.format(Locale.ROOT, "### A/B mode, %s: %d sessions of %d rounds of A B B A", title, sessions,
        rounds));
    report.add("");
    report.add("| session | verdicts | gate |");
    report.add("|---|---|---|");
    report.addAll(perRun);
    report.add("");
    if (slowed) {
      report.add(String.format(Locale.ROOT, "- the gate failed in %d of %d sessions; %d of %d case verdicts SLOWER "
          + "(%.0f%%), %d FASTER", failing, sessions, slower, verdicts, 100.0 * slower / verdicts, wrong));
    } else {
      report.add(String.format(Locale.ROOT, "- SLOWER or FASTER in %d of %d case verdicts (%.1f%%); the gate failed "
          + "in %d of %d sessions", wrong, verdicts, 100.0 * wrong / verdicts, failing, sessions));
    }
  }

  private static Map<Verdict, Integer> tally(RegressionCheck.Outcome out) {
    Map<Verdict, Integer> n = new EnumMap<>(Verdict.class);
    out.comparisons().forEach(c -> n.merge(c.comparison().verdict(), 1, Integer::sum));
    return n;
  }

  private static String counts(Map<Verdict, Integer> v) {
    List<String> parts = new ArrayList<>();
    for (Verdict verdict : Verdict.values()) {
      parts.add(verdict.name() + " " + v.getOrDefault(verdict, 0));
    }
    return String.join(", ", parts);
  }

  private static Side side(String name, Path variant, List<String> cp, Path testClasses) {
    List<String> classpath = new ArrayList<>();
    classpath.add(variant.toString());
    classpath.addAll(cp);
    return new Side(name, classpath, List.of(testClasses.toString()), List.of("-Xmx512m"));
  }

  // Another build of Slowdown, as a changed method would be: reps() returns another count.
  private static Path variant(Path work, String name, int reps) throws IOException {
    Path dir = work.resolve("variants").resolve(name);
    Path src = dir.resolve("src/io/gpubench/maven/noise/Slowdown.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package io.gpubench.maven.noise;\npublic final class Slowdown {\n  private Slowdown() {}\n"
        + "  public static int reps() {\n    return " + reps + ";\n  }\n}\n");
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac.run(null, null, null, "-d", classes.toString(), src.toString()) != 0) {
      throw new IllegalStateException("cannot compile " + src);
    }
    return classes;
  }

  private Process startLoad(String java, Path testClasses) throws IOException {
    String spec = options.get("--load");
    if (spec.equals("none")) {
      return null;
    }
    String[] p = spec.split(",");
    return new ProcessBuilder(java, "-Xmx32m", "-cp", testClasses.toString(), LoadGenerator.class.getName(), p[0],
        p[1], p[2], "1").inheritIO().start();
  }

  private Thread sampleLoad(AtomicBoolean done) {
    Thread t = new Thread(() -> {
      while (!done.get()) {
        try {
          String avg = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
          synchronized (load) {
            load.add(Double.parseDouble(avg));
          }
          Thread.sleep(10_000);
        } catch (IOException | NumberFormatException e) {
          return;
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "load-sampler");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private String loadStats() {
    synchronized (load) {
      if (load.isEmpty()) {
        return "not sampled";
      }
      double min = load.stream().mapToDouble(Double::doubleValue).min().orElse(0);
      double max = load.stream().mapToDouble(Double::doubleValue).max().orElse(0);
      double mean = load.stream().mapToDouble(Double::doubleValue).average().orElse(0);
      return String.format(Locale.ROOT, "min %.2f, mean %.2f, max %.2f (%d samples)", min, mean, max, load.size());
    }
  }
}
