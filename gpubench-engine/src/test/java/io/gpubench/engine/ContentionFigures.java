package io.gpubench.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.overhead.ThousandEmptyCases;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How often the CPU's contention probe flags cases that nothing contends: 1,000 empty cases with the engine's
 * defaults, run as a user's build runs them (a worker per device, two forks a case). A measurement, not a test; run
 * it on an idle machine:
 * <pre>
 * mvn -q -pl gpubench-engine test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.gpubench.engine.ContentionFigures -Dexec.args="3"
 * </pre>
 */
public final class ContentionFigures {
  private ContentionFigures() {}

  /**
   * Measures.
   *
   * @param args how many runs (default 1)
   * @throws Exception when a run fails
   */
  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    for (int r = 1; r <= runs; r++) {
      Path out = Files.createTempDirectory("gpubench-contention");
      String before = load();
      long start = System.nanoTime();
      EngineKit.gpubench(out).selectors(selectClass(ThousandEmptyCases.class))
          .configurationParameter("gpubench.include", "ThousandEmptyCases").execute();
      double seconds = (System.nanoTime() - start) / 1e9;
      RunResult run = ResultsFile.read(out.resolve("results.json"));
      long flagged = run.cases().stream().filter(c -> c.flags().stream()
          .anyMatch(f -> f.code().equals(Flag.CONTENDED))).count();
      int discarded = run.cases().stream().filter(c -> c.timing() != null).mapToInt(c -> c.timing().discardedTrials())
          .sum();
      int kept = run.cases().stream().filter(c -> c.timing() != null).mapToInt(c -> c.timing().trials().size()).sum();
      long minority = run.cases().stream().map(CaseResult::timing).filter(t -> t != null
          && t.stopDetail().contains("ran on a contended core, too few to move the median")).count();
      System.out.printf(Locale.ROOT, "run %d: %d cases in %.1f s; flagged contended %d (%.1f%%); trials discarded %d"
          + " of %d; cases with a minority of contended trials kept %d; load %s -> %s%n", r, run.cases().size(),
          seconds, flagged, 100.0 * flagged / run.cases().size(), discarded, discarded + kept, minority, before,
          load());
    }
  }

  private static String load() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    } catch (java.io.IOException e) {
      return "?";
    }
  }
}
