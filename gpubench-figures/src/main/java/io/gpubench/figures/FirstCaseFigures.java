package io.gpubench.figures;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseDigest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Issue 23's first-case time-to-answer, before and after: the same selection run in a fresh JVM per run
 * ({@link FirstCaseRun}), as a build's test JVM runs it, once over each engine's class path, in rounds A B B A. It
 * prints per run the seconds from the JVM's start to its first case's answer and to the end, and for the first case
 * its median, interval, warm-up end, flags and (where the engine records them) where its seconds went.
 *
 * <p>Arguments, {@code key=value}: {@code after} (a file holding the class path of the engine under test, as
 * {@code dependency:build-classpath} writes it), {@code before} (the same for the engine before; optional),
 * {@code select} (comma-separated {@code class:NAME} or {@code package:NAME}; default this module's
 * {@code FirstCase}), {@code rounds} (3), {@code out} (a folder). {@code scripts/first-case.sh} builds both class
 * paths and runs this.
 */
public final class FirstCaseFigures {
  private final Map<String, String> args;
  private final Path dir;

  private FirstCaseFigures(Map<String, String> args) throws IOException {
    this.args = args;
    this.dir = Path.of(args.getOrDefault("out", Files.createTempDirectory("gpubench-first-case").toString()));
    Files.createDirectories(dir);
  }

  /**
   * Measures.
   *
   * @param argv {@code key=value} arguments
   * @throws Exception when a run cannot start
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
    if (!args.containsKey("after")) {
      throw new IllegalArgumentException("after=<class path file> is required");
    }
    new FirstCaseFigures(args).run();
  }

  private record Run(String side, int round, double firstSeconds, double totalSeconds, String counts, String first) {}

  private void run() throws Exception {
    int rounds = Integer.parseInt(args.getOrDefault("rounds", "3"));
    List<String> sides = new ArrayList<>();
    if (args.containsKey("before")) {
      sides.add("before");
    }
    sides.add("after");
    List<Run> runs = new ArrayList<>();
    System.out.printf(Locale.ROOT, "first-case figures: %s, %d rounds, load average %s%n", sides, rounds, load());
    for (int r = 1; r <= rounds; r++) {
      List<String> order = new ArrayList<>(sides);
      if (r % 2 == 0) {
        java.util.Collections.reverse(order);
      }
      for (String side : order) {
        Run run = once(side, r);
        runs.add(run);
        System.out.printf(Locale.ROOT, "%-6s round %d: first case answered after %.2f s, all after %.2f s (%s)%n"
            + "    %s%n", side, r, run.firstSeconds(), run.totalSeconds(), run.counts(), run.first());
      }
    }
    System.out.println();
    System.out.println("| engine | first case answered (median) | all cases (median) | runs (first / all, s) |");
    System.out.println("|---|---|---|---|");
    for (String side : sides) {
      List<Run> mine = runs.stream().filter(x -> x.side().equals(side)).toList();
      System.out.printf(Locale.ROOT, "| %s | %.2f s | %.2f s | %s |%n", side,
          median(mine.stream().map(Run::firstSeconds).toList()), median(mine.stream().map(Run::totalSeconds).toList()),
          String.join("; ", mine.stream().map(x -> String.format(Locale.ROOT, "%.1f / %.1f", x.firstSeconds(),
              x.totalSeconds())).toList()));
    }
    System.out.printf(Locale.ROOT, "load average at the end: %s%n", load());
  }

  private Run once(String side, int round) throws Exception {
    String classPath = Files.readString(Path.of(args.get(side))).trim() + java.io.File.pathSeparator
        + Path.of(FirstCaseRun.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path out = dir.resolve(side + "-" + round);
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx1g", "-cp", classPath, FirstCaseRun.class.getName(), out.toString()));
    for (String s : args.getOrDefault("select", "class:" + io.gpubench.figures.cases.FirstCase.class.getName())
        .split(",")) {
      cmd.add(s.trim());
    }
    Path log = dir.resolve(side + "-" + round + ".log");
    long start = System.currentTimeMillis();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException(side + " round " + round + " failed: see " + log);
    }
    long first = 0;
    long done = 0;
    String counts = "";
    for (String line : Files.readAllLines(log)) {
      if (line.startsWith("first-case-ms=")) {
        first = Long.parseLong(line.substring(14));
      } else if (line.startsWith("done-ms=")) {
        done = Long.parseLong(line.substring(8));
      } else if (line.startsWith("tests ")) {
        counts = line.substring(6);
      }
    }
    return new Run(side, round, (first - start) / 1e3, (done - start) / 1e3, counts, firstCase(out));
  }

  /** The first case's figures, read with this engine's reader (an older file simply lacks what it did not record). */
  private static String firstCase(Path out) {
    try {
      RunResult r = ResultsFile.read(out.resolve("results.json"));
      CaseResult c = r.cases().stream().filter(x -> x.timing() != null).findFirst().orElse(null);
      if (c == null) {
        return "no case was timed";
      }
      Statistics s = c.timing().primary();
      String spent = CaseDigest.secondsSpent(c);
      return String.format(Locale.ROOT, "%s: %s, interval %.4g..%.4g ns, stop %s, warm-up %s, flags %s%s",
          c.displayName(), CaseDigest.time(c), s.ciLow(), s.ciHigh(), c.timing().stop(),
          c.timing().warmup() == null ? "?" : c.timing().warmup().end(),
          c.flags().stream().map(f -> f.code()).toList(), spent == null ? "" : "; seconds " + spent);
    } catch (RuntimeException e) {
      return "results unreadable: " + e.getMessage();
    }
  }

  private static double median(List<Double> xs) {
    double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = s.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static String load() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
