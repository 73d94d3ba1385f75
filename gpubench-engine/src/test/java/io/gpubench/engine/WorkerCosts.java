package io.gpubench.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.overhead.ThousandTrivialCases;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Trial;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What worker processes cost, measured (not a test): the wall time of the 1,000 trivial cases in each fork mode
 * minus the cases' own calls, per case, and a worker's start (the 20 cases in {@code case} mode: a worker each).
 * The line to read is the last: the wire's cost per case, the {@code device} mode's over the {@code none} mode's
 * (in-process), the median of the rounds (issue 23: at most 1 ms), then the same over the last quarter of the cases,
 * each case's own account of its seconds, once the fresh worker's JIT has compiled the harness (the first cases of a
 * worker cost several times the last). Run by hand on a quiet machine, one command:
 * {@code mvn -o -q -pl gpubench-engine test-compile org.codehaus.mojo:exec-maven-plugin:3.5.0:java
 * -Dexec.classpathScope=test -Dexec.mainClass=io.gpubench.engine.WorkerCosts -Dexec.args=3} (the argument: rounds).
 *
 * <p>With a second argument, a comma-separated list of launchers ({@code local,tcp,slurm}), it measures each
 * launcher instead: the wire's cost per case in {@code device} mode and a worker's start (the mean of the 20
 * {@code case}-mode cases' {@code spent.workerStartSeconds}), launchers interleaved in every round. The Slurm
 * launcher's {@code srun} options come from {@code GPUBENCH_SRUN_ARGS} ({@code --jobid=N} of an allocation).
 */
public final class WorkerCosts {
  private WorkerCosts() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    if (args.length > 1) {
      launchers(rounds, args[1].split(","));
      return;
    }
    System.out.printf(Locale.ROOT, "load average before: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
    java.util.List<Double> wire = new java.util.ArrayList<>();
    java.util.List<Double> steady = new java.util.ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      double none = measure("none", null, round);
      double noneSteady = lastSteady;
      double device = measure("device", null, round);
      steady.add(lastSteady - noneSteady);
      if (System.getenv("QUICK") == null) {
        measure("class", null, round);
        measure("case", "i=1|2|3|4|5|6|7|8|9|10|11|12|13|14|15|16|17|18|19|20", round);
      }
      wire.add(device - none);
    }
    java.util.Collections.sort(wire);
    System.out.printf(Locale.ROOT, "load average after: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
    System.out.printf(Locale.ROOT, "the wire per case, device over in-process: %.3f ms (median of %d rounds: %s)%n",
        wire.get(wire.size() / 2), wire.size(), wire.stream().map(w -> String.format(Locale.ROOT, "%.3f", w))
            .toList());
    java.util.Collections.sort(steady);
    System.out.printf(Locale.ROOT, "the same over the last quarter of the cases (a worker's JIT done with the harness):"
        + " %.3f ms (median of %d rounds: %s)%n", steady.get(steady.size() / 2), steady.size(),
        steady.stream().map(w -> String.format(Locale.ROOT, "%.3f", w)).toList());
  }

  private static void launchers(int rounds, String[] launchers) throws Exception {
    java.util.Map<String, java.util.List<Double>> perCase = new java.util.LinkedHashMap<>();
    java.util.Map<String, java.util.List<Double>> starts = new java.util.LinkedHashMap<>();
    for (int round = 1; round <= rounds; round++) {
      for (String l : launchers) {
        launcher = l;
        perCase.computeIfAbsent(l, k -> new java.util.ArrayList<>()).add(measure("device", null, round));
        measure("case", "i=1|2|3|4|5|6|7|8|9|10|11|12|13|14|15|16|17|18|19|20", round);
        starts.computeIfAbsent(l, k -> new java.util.ArrayList<>()).add(lastStart);
      }
    }
    for (String l : launchers) {
      java.util.List<Double> p = new java.util.ArrayList<>(perCase.get(l));
      java.util.List<Double> s = new java.util.ArrayList<>(starts.get(l));
      java.util.Collections.sort(p);
      java.util.Collections.sort(s);
      System.out.printf(Locale.ROOT, "launcher %-5s: engine + workers %.3f ms/case (median of %s), worker start %.3f s"
          + " (median of the rounds' means: %s)%n", l, p.get(p.size() / 2), p, s.get(s.size() / 2), s);
    }
  }

  private static String launcher;
  private static double lastStart;
  // the last run's mean seconds per case in the engine's account of it (spent.totalSeconds), over its last quarter
  private static double lastSteady;

  private static double measure(String mode, String shapes, int round) throws Exception {
    Path out = Files.createTempDirectory("gpubench-costs");
    var kit = EngineKit.gpubench(out).selectors(selectClass(ThousandTrivialCases.class))
        .configurationParameter("gpubench.include", "ThousandTrivialCases")
        .configurationParameter("gpubench.fork", mode);
    if (launcher != null) {
      kit = kit.configurationParameter("gpubench.launcher", launcher);
      if (launcher.equals("slurm") && System.getenv("GPUBENCH_SRUN_ARGS") != null) {
        kit = kit.configurationParameter("gpubench.slurm.srunArgs", System.getenv("GPUBENCH_SRUN_ARGS"));
      }
    }
    if (shapes != null) {
      kit = kit.configurationParameter("gpubench.shapes.ThousandTrivialCases", shapes);
    }
    long start = System.nanoTime();
    kit.execute();
    double wall = System.nanoTime() - start;
    RunResult r = ResultsFile.read(out.resolve("results.json"));
    double own = 0;
    for (CaseResult c : r.cases()) {
      own += c.timing().firstCallNanos();
      for (Trial t : c.timing().trials()) {
        own += t.hostNanos() * c.timing().callsPerTrial();
      }
    }
    double perCase = (wall - own) / r.cases().size() / 1e6;
    lastStart = r.cases().stream().mapToDouble(c -> c.timing() == null || c.timing().spent() == null ? 0
        : c.timing().spent().workerStartSeconds())
        .average().orElse(0);
    java.util.List<CaseResult> tail = r.cases().subList(r.cases().size() * 3 / 4, r.cases().size());
    lastSteady = tail.stream().mapToDouble(c -> c.timing() == null || c.timing().spent() == null ? 0
        : c.timing().spent().totalSeconds()).average().orElse(0) * 1e3;
    long failed = r.cases().stream().filter(c -> c.status() != io.gpubench.api.result.CaseStatus.PASSED).count();
    System.out.printf(Locale.ROOT, "round %d, %sfork=%-6s %4d cases (%d not passed): wall %7.3f s, engine + workers"
        + " %.3f ms/case, worker start %.3f s a case%n", round, launcher == null ? "" : "launcher=" + launcher + ", ",
        mode, r.cases().size(), failed, wall / 1e9, perCase, lastStart);
    return perCase;
  }
}
