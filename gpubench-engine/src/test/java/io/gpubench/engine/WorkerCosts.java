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
 * minus the cases' own calls, per case, and a worker's start (the 1-case run in {@code case} mode minus the same
 * case in {@code none}). Run by hand on a quiet machine:
 * {@code mvn -q -pl gpubench-engine test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.gpubench.engine.WorkerCosts}.
 */
public final class WorkerCosts {
  private WorkerCosts() {}

  public static void main(String[] args) throws Exception {
    System.out.printf(Locale.ROOT, "load average before: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
    for (int round = 1; round <= 2; round++) {
      for (String mode : new String[] {"none", "device", "class"}) {
        measure(mode, null, round);
      }
      measure("case", "i=1|2|3|4|5|6|7|8|9|10|11|12|13|14|15|16|17|18|19|20", round);
      measure("none", "i=1", round);
      measure("device", "i=1", round);
    }
    System.out.printf(Locale.ROOT, "load average after: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
  }

  private static void measure(String mode, String shapes, int round) throws Exception {
    Path out = Files.createTempDirectory("gpubench-costs");
    var kit = EngineKit.gpubench(out).selectors(selectClass(ThousandTrivialCases.class))
        .configurationParameter("gpubench.include", "ThousandTrivialCases")
        .configurationParameter("gpubench.fork", mode);
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
    System.out.printf(Locale.ROOT, "round %d, fork=%-6s %4d cases: wall %7.3f s, engine + workers %.3f ms/case%n",
        round, mode, r.cases().size(), wall / 1e9, (wall - own) / r.cases().size() / 1e6);
  }
}
