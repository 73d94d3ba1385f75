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
 * Measures the engine's own overhead: runs 1,000 cases of an empty workload (one warm-up call, two trials) and
 * subtracts the time the calls themselves took from the wall time of the whole run (discovery, planning, context
 * and session set-up, checks, statistics, results file). Not a test: a measurement, run by hand with
 * {@code mvn -q -pl gpubench-engine test-compile org.codehaus.mojo:exec-maven-plugin:3.5.0:java
 * -Dexec.classpathScope=test
 * -Dexec.mainClass=io.gpubench.engine.EngineOverhead}.
 */
public final class EngineOverhead {
  private EngineOverhead() {}

  public static void main(String[] args) throws Exception {
    for (int run = 1; run <= 3; run++) {
      Path out = Files.createTempDirectory("gpubench-overhead");
      long start = System.nanoTime();
      EngineKit.gpubench(out).selectors(selectClass(ThousandTrivialCases.class))
          .configurationParameter("gpubench.include", "ThousandTrivialCases").execute();
      double wall = System.nanoTime() - start;
      RunResult r = ResultsFile.read(out.resolve("results.json"));
      double own = 0;
      for (CaseResult c : r.cases()) {
        own += c.timing().firstCallNanos();
        for (Trial t : c.timing().trials()) {
          own += t.hostNanos() * c.timing().callsPerTrial();
        }
      }
      System.out.printf(Locale.ROOT, "run %d: %d cases, wall %.3f s, their own calls %.4f s, engine overhead %.3f ms/case%n",
          run, r.cases().size(), wall / 1e9, own / 1e9, (wall - own) / r.cases().size() / 1e6);
    }
  }
}
