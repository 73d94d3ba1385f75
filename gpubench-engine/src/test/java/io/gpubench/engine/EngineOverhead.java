package io.gpubench.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.overhead.ThousandTrivialCases;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Trial;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.html.HtmlReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Measures the engine's own overhead: runs 1,000 cases of an empty workload (one call to warm up, two trials of one
 * call, one worker) and one case of it, and reports the difference of their wall times (discovery, planning, the
 * worker protocol per case, checks, statistics, journal, results file and reports; the calls themselves are
 * nanoseconds), and what rendering the HTML report of the 1,000 cases takes. Progress lines are printed as under
 * Surefire (by time, {@code gpubench.progress.interval-seconds}). Not a test: a measurement, run by hand with
 * {@code mvn -q -pl gpubench-engine test-compile org.codehaus.mojo:exec-maven-plugin:3.5.0:java
 * -Dexec.classpathScope=test -Dexec.mainClass=io.gpubench.engine.EngineOverhead} (in a reactor build, run the class
 * with the module's test class path instead).
 */
public final class EngineOverhead {
  private EngineOverhead() {}

  public static void main(String[] args) throws Exception {
    double load = load();
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    for (int run = 1; run <= runs; run++) {
      double one = wall(1).seconds;
      Result all = wall(1000);
      long start = System.nanoTime();
      HtmlReport.render(List.of(all.run));
      double html = (System.nanoTime() - start) / 1e9;
      System.out.printf(Locale.ROOT, "run %d: 1 case %.2f s, %d cases %.2f s: %.2f s more (%.2f ms a case; their own"
          + " calls %.4f s); the HTML report of them renders in %.2f s; load %.2f -> %.2f%n", run, one,
          all.run.cases().size(), all.seconds, all.seconds - one, (all.seconds - one) / 999 * 1e3, own(all.run),
          html, load, load = load());
    }
  }

  private record Result(double seconds, RunResult run) {}

  private static Result wall(int cases) throws Exception {
    Path out = Files.createTempDirectory("gpubench-overhead");
    long start = System.nanoTime();
    var kit = EngineKit.gpubench(out).selectors(selectClass(ThousandTrivialCases.class))
        .configurationParameter("gpubench.include", "ThousandTrivialCases")
        .configurationParameter("gpubench.progress", "true");
    if (cases == 1) {
      kit = kit.configurationParameter("gpubench.shapes.ThousandTrivialCases", "i=1");
    }
    kit.execute();
    double wall = (System.nanoTime() - start) / 1e9;
    return new Result(wall, ResultsFile.read(out.resolve("results.json")));
  }

  private static double own(RunResult r) {
    double own = 0;
    for (CaseResult c : r.cases()) {
      own += c.timing().firstCallNanos();
      for (Trial t : c.timing().trials()) {
        own += t.hostNanos() * c.timing().callsPerTrial();
      }
    }
    return own / 1e9;
  }

  private static double load() throws Exception {
    return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
  }
}
