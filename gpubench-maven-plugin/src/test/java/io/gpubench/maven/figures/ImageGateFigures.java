package io.gpubench.maven.figures;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.ab.AbRunner;
import io.gpubench.maven.ab.Side;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.noise.LoadGenerator;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Verdict;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The gate's figures as a team meets them: a benchmark of the plugin, not a test. A standalone project of 25 CPU
 * image-kernel cases ({@code src/gate-figures/image-kernels}: the README's Surefire block, {@code gpubench:check} bound
 * to {@code verify}) is built with real Maven, again and again, on this machine; its blur kernel (9 of the 25 cases)
 * is made slower by a property given to Maven as a user would ({@code -Dimaging.blur.passes=10} is 2×, 6 is 1.2×,
 * the default 5).
 *
 * <ol>
 *   <li>check: {@code baselineRuns} builds of {@code mvn verify gpubench:baseline}, then {@code reruns} pairs of an
 *       unchanged {@code mvn verify} and a 2× slower one, each judged by the gate it runs against the recorded
 *       baseline (the build's exit status), and again, from the results each build wrote, against the first
 *       baseline run alone, the first five and all of them (the plugin's own comparison, as {@code check} makes it);
 *       the contended flags of every build are counted.
 *   <li>ab / aa: {@code abSessions} A/B sessions of {@code rounds} rounds of A B B A over the blur and Sobel cases
 *       (the plugin's A/B runner, each run a JVM of its own), B 1.2× slower than A; and {@code aaSessions} with B
 *       unchanged.
 * </ol>
 *
 * <p>Run by hand, after {@code mvn -o -q install -DskipTests -Dinvoker.skip}, on a copy of the local repository
 * (the builds take gpubench from the harness's repository; an install while they run would change the code under
 * measurement), idle or under the generated load ({@code --load 2,500,0.6}: {@link LoadGenerator}):
 * <pre>
 * cp -r ~/.m2/repository /tmp/figures-repo
 * mvn -o -q -Dmaven.repo.local=/tmp/figures-repo -pl gpubench-maven-plugin -Pgate-figures -DskipTests \
 *     -Dgate.figures.main=io.gpubench.maven.figures.ImageGateFigures -Dgate.figures.args="--load none" verify
 * </pre>
 * Arguments: {@code --baseline-runs 10 --reruns 10 --ab-sessions 10 --aa-sessions 5 --rounds 2 --load none
 * --phases check,ab,aa --work target/image-gate-figures --explain false}; {@code --explain true} prints every
 * violation, false verdict and missed slowed case with its reason. The table is printed last and written to
 * {@code figures.md} in the work folder.
 */
public final class ImageGateFigures {

  private static final String BLUR = "io.example.imaging.BlurBenchmark#";
  private static final RegressionCheck GATE = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME,
      EnvironmentPolicy.FAIL, List.of(), true, false, null);

  private final Map<String, String> options = new LinkedHashMap<>(Map.ofEntries(
      Map.entry("--project", "src/gate-figures/image-kernels"), Map.entry("--work", "target/image-gate-figures"),
      Map.entry("--baseline-runs", "10"), Map.entry("--reruns", "10"), Map.entry("--ab-sessions", "10"),
      Map.entry("--aa-sessions", "5"), Map.entry("--rounds", "2"), Map.entry("--load", "none"),
      Map.entry("--phases", "check,ab,aa"), Map.entry("--slowed-passes", "10"), Map.entry("--ab-passes", "6"),
      Map.entry("--ab-include", "io\\.example\\.imaging\\.(Blur|Sobel)Benchmark"), Map.entry("--mvn", "mvn"),
      Map.entry("--explain", "false")));
  // print every violation, false verdict and missed slowed case with its reason (--explain true)
  private static boolean explain;
  private final List<String> report = new ArrayList<>();
  private final List<String> flagLines = new ArrayList<>();
  private Path work;
  private Path project;
  private String version;
  // the check phase judged again from the results the builds of an earlier session saved in its logs folder
  private boolean replay;

  private ImageGateFigures() {}

  /**
   * Measures.
   *
   * @param args see the class comment
   * @throws Exception when a build cannot run
   */
  public static void main(String[] args) throws Exception {
    ImageGateFigures g = new ImageGateFigures();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!g.options.containsKey(args[i])) {
        throw new IllegalArgumentException("unknown option " + args[i] + " (known: " + g.options.keySet() + ")");
      }
      g.options.put(args[i], args[i + 1]);
    }
    g.measure();
  }

  private void measure() throws Exception {
    version = System.getProperty("gpubench.version");
    if (version == null) {
      throw new IllegalStateException("-Dgpubench.version is not set (the gate-figures profile sets it)");
    }
    explain = Boolean.parseBoolean(options.get("--explain"));
    work = Path.of(options.get("--work")).toAbsolutePath();
    Files.createDirectories(work);
    project = work.resolve("project");
    if (!options.get("--phases").equals("replay")) {
      deleteTree(project);
      copyTree(Path.of(options.get("--project")).toAbsolutePath(), project);
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path testClasses = Path.of(ImageGateFigures.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Process load = startLoad(java, testClasses);
    LoadSampler sampler = LoadSampler.start();
    long start = System.nanoTime();
    try {
      List<String> phases = List.of(options.get("--phases").split(","));
      if (phases.contains("check")) {
        checkMode();
      }
      if (phases.contains("replay")) {
        replay = true;
        checkMode();
      }
      if (phases.contains("ab") || phases.contains("aa")) {
        List<String> classpath = testClasspath();
        if (phases.contains("ab")) {
          abMode(classpath, Integer.parseInt(options.get("--ab-passes")), "B 1.2x slower (blur passes 6 vs 5)",
              Integer.parseInt(options.get("--ab-sessions")));
        }
        if (phases.contains("aa")) {
          abMode(classpath, 5, "A/A (B unchanged)", Integer.parseInt(options.get("--aa-sessions")));
        }
      }
    } finally {
      sampler.stop();
      if (load != null) {
        load.destroy();
      }
    }
    double minutes = (System.nanoTime() - start) / 60e9;
    report.add(0, String.format(Locale.ROOT, "image-kernels gate figures: %d cores, load %s, 1-min load average "
        + "during the builds %s, %.0f min", Runtime.getRuntime().availableProcessors(), options.get("--load"),
        sampler.summary(), minutes));
    report.add("");
    report.add("### Contended flags, build by build");
    report.add("");
    report.addAll(flagLines);
    String table = String.join("\n", report) + "\n";
    Files.writeString(work.resolve(replay ? "figures-replay.md" : "figures.md"), table);
    System.out.println();
    System.out.print(table);
  }

  // ---- check mode: real builds ----

  private void checkMode() {
    int k = Integer.parseInt(options.get("--baseline-runs"));
    int reruns = Integer.parseInt(options.get("--reruns"));
    Path baselineFile = work.resolve("baseline.json");
    try {
      if (!replay) {
        Files.deleteIfExists(baselineFile);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<RunResult> baselineRuns = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      Build b = maven("baseline-" + (i + 1), "verify", "io.gpubench:gpubench-maven-plugin:" + version + ":baseline",
          "-Dgpubench.baseline=" + baselineFile, "-Dgpubench.baseline.maxRuns=" + k,
          // a baseline being recorded is not judged against its own first runs: the figures judge every run later
          "-Dgpubench.failOnRegression=false");
      if (b.exit() > 0) {
        throw new IllegalStateException("baseline build " + (i + 1) + " failed (" + b.log() + ")");
      }
      baselineRuns.add(b.run());
    }
    Map<String, BaselineSet> baselines = new LinkedHashMap<>();
    baselines.put("1 run", baseline(baselineRuns.subList(0, 1)));
    baselines.put("5 runs", baseline(baselineRuns.subList(0, Math.min(5, k))));
    baselines.put(k + " runs", baseline(baselineRuns));
    Map<String, Tally> unchanged = new LinkedHashMap<>();
    Map<String, Tally> slowed = new LinkedHashMap<>();
    baselines.keySet().forEach(n -> {
      unchanged.put(n, new Tally());
      slowed.put(n, new Tally());
    });
    int realUnchangedFailed = 0;
    int realSlowedFailed = 0;
    List<String> perRun = new ArrayList<>();
    for (int i = 0; i < reruns; i++) {
      Build u = maven("unchanged-" + (i + 1), "verify", "-Dgpubench.baseline=" + baselineFile);
      Build s = maven("slowed-" + (i + 1), "verify", "-Dimaging.blur.passes=" + options.get("--slowed-passes"),
          "-Dgpubench.baseline=" + baselineFile);
      realUnchangedFailed += u.exit() > 0 ? 1 : 0;
      realSlowedFailed += s.exit() > 0 ? 1 : 0;
      StringBuilder row = new StringBuilder("| " + (i + 1));
      for (Map.Entry<String, BaselineSet> e : baselines.entrySet()) {
        Map<Verdict, Integer> vu = unchanged.get(e.getKey()).add(GATE.check(List.of(u.run()), e.getValue(), e.getKey()),
            id -> true);
        Map<Verdict, Integer> vs = slowed.get(e.getKey()).add(GATE.check(List.of(s.run()), e.getValue(), e.getKey()),
            id -> id.startsWith(BLUR));
        row.append(" | ").append(short_(vu)).append(" | ").append(short_(vs));
      }
      row.append(String.format(Locale.ROOT, " | %s / %s |", gate(u), gate(s)));
      perRun.add(row.toString());
      System.out.println("rerun " + (i + 1) + ": " + row);
    }
    report.add("");
    report.add(String.format(Locale.ROOT, "### check mode: %d baseline builds, then %d unchanged and %d 2x slower "
        + "builds (blur passes %s)", k, reruns, reruns, options.get("--slowed-passes")));
    report.add("");
    StringBuilder head = new StringBuilder("| rerun");
    StringBuilder rule = new StringBuilder("|---");
    for (String n : baselines.keySet()) {
      head.append(" | unchanged vs ").append(n).append(" | 2x vs ").append(n);
      rule.append("|---|---");
    }
    report.add(head + " | real gate (10 runs): unchanged / 2x |");
    report.add(rule + "|---|");
    report.addAll(perRun);
    report.add("");
    report.add("(S = SLOWER, F = FASTER, = SAME, ? AMBIGUOUS; 2x columns count the 9 slowed blur cases only)");
    report.add("");
    for (String n : baselines.keySet()) {
      Tally tu = unchanged.get(n);
      Tally ts = slowed.get(n);
      report.add(String.format(Locale.ROOT, "- against %s: unchanged: the gate passes in %d of %d builds; SLOWER or "
          + "FASTER in %d of %d case verdicts (%.1f%%); 2x slower: the gate fails in %d of %d builds; %d of %d slowed "
          + "cases SLOWER (%.0f%%), %d AMBIGUOUS; %d false verdicts on the 16 unchanged cases of slowed builds",
          n, reruns - tu.failingBuilds, reruns, tu.wrong(), tu.verdicts(), 100.0 * tu.wrong() / tu.verdicts(),
          ts.failingBuilds, reruns, ts.selected.getOrDefault(Verdict.SLOWER, 0), ts.selectedCount(),
          100.0 * ts.selected.getOrDefault(Verdict.SLOWER, 0) / ts.selectedCount(),
          ts.selected.getOrDefault(Verdict.AMBIGUOUS, 0), ts.otherWrong()));
    }
    report.add(String.format(Locale.ROOT, "- the real gate (gpubench:check in the builds, %d-run baseline): unchanged "
        + "builds failed %d of %d, 2x slower builds failed %d of %d", k, realUnchangedFailed, reruns,
        realSlowedFailed, reruns));
  }

  private static String gate(Build b) {
    return b.exit() < 0 ? "(replayed)" : b.exit() == 0 ? "pass" : "FAIL";
  }

  private static BaselineSet baseline(List<RunResult> runs) {
    BaselineSet set = BaselineSet.empty();
    for (RunResult r : runs) {
      set = set.with(BaselineRecorder.record(List.of(r), false).baseline(), false, Integer.MAX_VALUE);
    }
    return set;
  }

  /** Verdicts of some builds: all cases, and the selected ones (the slowed cases of a slowed build). */
  private static final class Tally {
    final Map<Verdict, Integer> all = new EnumMap<>(Verdict.class);
    final Map<Verdict, Integer> selected = new EnumMap<>(Verdict.class);
    final Map<Verdict, Integer> others = new EnumMap<>(Verdict.class);
    int failingBuilds;

    Map<Verdict, Integer> add(RegressionCheck.Outcome out, Predicate<String> select) {
      Map<Verdict, Integer> shown = new EnumMap<>(Verdict.class);
      for (var c : out.comparisons()) {
        Verdict v = c.comparison().verdict();
        all.merge(v, 1, Integer::sum);
        if (select.test(c.caseId())) {
          selected.merge(v, 1, Integer::sum);
          shown.merge(v, 1, Integer::sum);
        } else {
          others.merge(v, 1, Integer::sum);
        }
      }
      failingBuilds += out.violations().isEmpty() ? 0 : 1;
      if (explain) {
        out.violations().forEach(v -> System.out.println("violation: " + v.message()));
        for (var c : out.comparisons()) {
          Verdict v = c.comparison().verdict();
          boolean slowedBuild = !select.test("x");
          boolean blur = c.caseId().startsWith(BLUR);
          boolean wrong = v == Verdict.SLOWER || v == Verdict.FASTER;
          if ((slowedBuild && blur && v != Verdict.SLOWER) || (!(slowedBuild && blur) && wrong)) {
            System.out.println((slowedBuild && blur ? "missed: " : "false: ") + c.caseId() + " " + v + " "
                + c.comparison().reason());
          }
        }
      }
      return shown;
    }

    int verdicts() {
      return all.values().stream().mapToInt(Integer::intValue).sum();
    }

    int wrong() {
      return all.getOrDefault(Verdict.SLOWER, 0) + all.getOrDefault(Verdict.FASTER, 0);
    }

    int selectedCount() {
      return selected.values().stream().mapToInt(Integer::intValue).sum();
    }

    int otherWrong() {
      return others.getOrDefault(Verdict.SLOWER, 0) + others.getOrDefault(Verdict.FASTER, 0);
    }
  }

  private static String short_(Map<Verdict, Integer> v) {
    return String.format(Locale.ROOT, "S%d F%d =%d ?%d", v.getOrDefault(Verdict.SLOWER, 0),
        v.getOrDefault(Verdict.FASTER, 0), v.getOrDefault(Verdict.SAME, 0), v.getOrDefault(Verdict.AMBIGUOUS, 0));
  }

  // ---- A/B mode: the plugin's runner over the project's compiled classes ----

  private void abMode(List<String> classpath, int bPasses, String title, int sessions) {
    int rounds = Integer.parseInt(options.get("--rounds"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Map<String, String> config = Map.of("gpubench.backends", "cpu", "gpubench.summary", "false",
        "gpubench.progress", "false");
    String roots = project.resolve("target/test-classes").toString();
    Side a = new Side("A", classpath, List.of(roots), List.of("-Xmx512m", "-Dimaging.blur.passes=5"));
    Side b = new Side("B", classpath, List.of(roots), List.of("-Xmx512m", "-Dimaging.blur.passes=" + bPasses));
    boolean slowedB = bPasses != 5;
    Map<Verdict, Integer> blur = new EnumMap<>(Verdict.class);
    Map<Verdict, Integer> rest = new EnumMap<>(Verdict.class);
    int failing = 0;
    List<String> perSession = new ArrayList<>();
    for (int i = 0; i < sessions; i++) {
      AbRunner runner = new AbRunner(java, List.of(options.get("--ab-include")), List.of("gpubench"), config,
          work.resolve((slowedB ? "ab-" : "aa-") + (i + 1)), 1800, System.out::println);
      AbRunner.Runs runs = runner.run(a, b, rounds);
      String session = (slowedB ? "ab-" : "aa-") + (i + 1);
      runs.a().forEach(r -> countFlags(session + " A", r));
      runs.b().forEach(r -> countFlags(session + " B", r));
      BaselineSet asBaseline = BaselineSet.empty().with(BaselineRecorder.record(runs.a(), true).baseline(), false,
          Integer.MAX_VALUE);
      RegressionCheck.Outcome out = GATE.checkInTurns(runs.b(), asBaseline, "A runs");
      Map<Verdict, Integer> sb = new EnumMap<>(Verdict.class);
      Map<Verdict, Integer> sr = new EnumMap<>(Verdict.class);
      for (var c : out.comparisons()) {
        (c.caseId().startsWith(BLUR) ? sb : sr).merge(c.comparison().verdict(), 1, Integer::sum);
      }
      sb.forEach((v, n) -> blur.merge(v, n, Integer::sum));
      sr.forEach((v, n) -> rest.merge(v, n, Integer::sum));
      boolean fails = !out.violations().isEmpty();
      failing += fails ? 1 : 0;
      perSession.add(String.format(Locale.ROOT, "| %d | %s | %s | %s |", i + 1, short_(sb), short_(sr),
          fails ? "fails" : "passes"));
      System.out.println(title + " session " + (i + 1) + ": blur " + short_(sb) + ", others " + short_(sr));
    }
    report.add("");
    report.add(String.format(Locale.ROOT, "### A/B mode, %s: %d sessions of %d rounds of A B B A (%s)", title,
        sessions, rounds, options.get("--ab-include")));
    report.add("");
    report.add("| session | blur cases (9) | other cases | gate |");
    report.add("|---|---|---|---|");
    report.addAll(perSession);
    report.add("");
    int blurAll = blur.values().stream().mapToInt(Integer::intValue).sum();
    int restAll = rest.values().stream().mapToInt(Integer::intValue).sum();
    int restWrong = rest.getOrDefault(Verdict.SLOWER, 0) + rest.getOrDefault(Verdict.FASTER, 0);
    if (slowedB) {
      report.add(String.format(Locale.ROOT, "- the gate failed in %d of %d sessions; blur: %d of %d SLOWER, %d "
          + "FASTER; unchanged cases: %d of %d SLOWER or FASTER", failing, sessions,
          blur.getOrDefault(Verdict.SLOWER, 0), blurAll, blur.getOrDefault(Verdict.FASTER, 0), restWrong, restAll));
    } else {
      int wrong = restWrong + blur.getOrDefault(Verdict.SLOWER, 0) + blur.getOrDefault(Verdict.FASTER, 0);
      report.add(String.format(Locale.ROOT, "- SLOWER or FASTER in %d of %d case verdicts; the gate failed in %d "
          + "of %d sessions", wrong, blurAll + restAll, failing, sessions));
    }
  }

  private List<String> testClasspath() throws IOException {
    Path out = work.resolve("test-classpath.txt");
    Build b = maven("classpath", "-q", "test-compile", "dependency:build-classpath", "-Dmdep.includeScope=test",
        "-Dmdep.outputFile=" + out);
    if (b.exit() != 0 || !Files.isRegularFile(out)) {
      throw new IllegalStateException("cannot get the project's test class path (" + b.log() + ")");
    }
    List<String> cp = new ArrayList<>();
    cp.add(project.resolve("target/test-classes").toString());
    cp.addAll(List.of(Files.readString(out).strip().split(File.pathSeparator)));
    // As gpubench:ab does: the plugin's ForkMain, and the JUnit Platform launcher where the project brings none.
    cp.add(location(io.gpubench.maven.ab.ForkMain.class));
    if (cp.stream().noneMatch(e -> Path.of(e).getFileName().toString().startsWith("junit-platform-launcher"))) {
      cp.add(location(org.junit.platform.launcher.core.LauncherFactory.class));
    }
    return cp;
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot locate " + type.getName(), e);
    }
  }

  // ---- builds ----

  private record Build(int exit, RunResult run, Path log, double seconds) {}

  private Build maven(String name, String... args) {
    Path logs = work.resolve("logs");
    if (replay) {
      Path saved = logs.resolve(name + ".results.json");
      RunResult run = io.gpubench.results.ResultsFile.read(saved);
      countFlags(name, run);
      return new Build(-1, run, logs.resolve(name + ".log"), 0);
    }
    Path log = logs.resolve(name + ".log");
    List<String> cmd = new ArrayList<>(List.of(options.get("--mvn"), "-o", "-B", "-Dgpubench-release=" + version));
    // The builds take gpubench from the repository this harness was started with: run the harness on a copy of the
    // local repository, and an install elsewhere cannot change the code under measurement halfway.
    String repo = System.getProperty("gate.figures.repo");
    if (repo != null) {
      cmd.add("-Dmaven.repo.local=" + repo);
    }
    cmd.addAll(List.of(args));
    Instant started = Instant.now();
    long t0 = System.nanoTime();
    try {
      Files.createDirectories(logs);
      Process p = new ProcessBuilder(cmd).directory(project.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      if (!p.waitFor(30, TimeUnit.MINUTES)) {
        p.destroyForcibly().waitFor();
        throw new IllegalStateException(name + ": the build took over 30 minutes (" + log + ")");
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      RunResult run = null;
      List<JournalRun> journals = Journals.in(project.resolve("target/gpubench"), started);
      if (!journals.isEmpty()) {
        run = Journals.merge(journals);
        Files.copy(project.resolve("target/gpubench/results.json"), logs.resolve(name + ".results.json"),
            StandardCopyOption.REPLACE_EXISTING);
        countFlags(name, run);
      }
      System.out.printf(Locale.ROOT, "%s: exit %d in %.0f s%n", name, p.exitValue(), seconds);
      return new Build(p.exitValue(), run, log, seconds);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + cmd + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private void countFlags(String name, RunResult run) {
    long passed = run.cases().stream().filter(c -> c.status() == CaseStatus.PASSED).count();
    long contended = run.cases().stream().filter(c -> has(c, Flag.CONTENDED)).count();
    int discarded = run.cases().stream().filter(c -> c.timing() != null)
        .mapToInt(c -> c.timing().discardedTrials()).sum();
    int trials = run.cases().stream().filter(c -> c.timing() != null).mapToInt(c -> c.timing().trials().size()).sum();
    String slowdowns = String.join(", ", run.cases().stream().flatMap(c -> c.flags().stream())
        .filter(f -> f.code().equals(Flag.CONTENDED))
        .map(f -> f.slowdown() == null ? "?" : String.format(Locale.ROOT, "%.2f", f.slowdown())).toList());
    flagLines.add(String.format(Locale.ROOT, "- %s: %d of %d cases flagged contended%s; %d of %d trials discarded",
        name, contended, passed, slowdowns.isEmpty() ? "" : " (slowdown " + slowdowns + ")", discarded,
        trials + discarded));
  }

  private static boolean has(CaseResult c, String code) {
    return c.flags().stream().anyMatch(f -> f.code().equals(code));
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

  private static void copyTree(Path from, Path to) throws IOException {
    try (var paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path rel = from.relativize(p);
        if (rel.toString().startsWith("target")) {
          continue;
        }
        Path dest = to.resolve(rel.toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Samples the 1-minute load average every 10 s while the builds run. */
  private static final class LoadSampler {
    private final List<Double> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean done;

    private LoadSampler() {
      thread = new Thread(this::sample, "load-sampler");
      thread.setDaemon(true);
    }

    static LoadSampler start() {
      LoadSampler s = new LoadSampler();
      s.thread.start();
      return s;
    }

    private void sample() {
      while (!done) {
        try {
          String avg = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).split(" ")[0];
          synchronized (samples) {
            samples.add(Double.parseDouble(avg));
          }
          Thread.sleep(10_000);
        } catch (IOException | NumberFormatException | InterruptedException e) {
          return;
        }
      }
    }

    void stop() {
      done = true;
      thread.interrupt();
    }

    String summary() {
      synchronized (samples) {
        if (samples.isEmpty()) {
          return "not sampled";
        }
        return String.format(Locale.ROOT, "min %.2f, mean %.2f, max %.2f", samples.stream().mapToDouble(d -> d)
            .min().orElse(0), samples.stream().mapToDouble(d -> d).average().orElse(0),
            samples.stream().mapToDouble(d -> d).max().orElse(0));
      }
    }
  }
}
