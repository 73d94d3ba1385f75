package io.gpubench.maven.ab;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.launcher.EngineFilter.includeEngines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The main of one A/B run: a fresh JVM on one build's class path that runs its benchmarks through the JUnit
 * Platform, as Surefire would, with the engine writing into a folder of its own. It needs only the JUnit Platform
 * launcher on the class path (no Maven, nothing else of this plugin), so the plugin's jar can be put on the fork's
 * class path for this one class.
 *
 * <p>Arguments, in pairs: {@code --root DIR} (a class path root to scan, repeatable), {@code --include REGEX} (class
 * names to run, repeatable), {@code --engine ID} (engines to run, repeatable; default {@code gpubench}),
 * {@code --config KEY=VALUE} (a configuration parameter, repeatable). Exit status 0 when the run ended (failed
 * benchmarks included: the caller reads the results), 2 when nothing was found to run, 1 on a usage error.
 */
public final class ForkMain {

  private ForkMain() {}

  /**
   * Runs the benchmarks.
   *
   * @param args see the class comment
   */
  public static void main(String[] args) {
    List<Path> roots = new ArrayList<>();
    List<String> includes = new ArrayList<>();
    List<String> engines = new ArrayList<>();
    Map<String, String> config = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      String value = args[i + 1];
      switch (args[i]) {
        case "--root" -> roots.add(Path.of(value));
        case "--include" -> includes.add(value);
        case "--engine" -> engines.add(value);
        case "--config" -> {
          int eq = value.indexOf('=');
          if (eq < 1) {
            usage("--config needs KEY=VALUE, not " + value);
          }
          config.put(value.substring(0, eq), value.substring(eq + 1));
        }
        default -> usage("unknown argument " + args[i]);
      }
    }
    if (args.length % 2 != 0) {
      usage("arguments come in pairs; " + args[args.length - 1] + " has no value");
    }
    if (roots.isEmpty()) {
      usage("no --root to scan");
    }
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClasspathRoots(Set.copyOf(roots)))
        .filters(includeEngines(engines.isEmpty() ? List.of("gpubench") : engines))
        .configurationParameters(config);
    if (!includes.isEmpty()) {
      request.filters(includeClassNamePatterns(includes.toArray(String[]::new)));
    }
    LauncherDiscoveryRequest built = request.build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    launcher.execute(built, summary);
    TestExecutionSummary s = summary.getSummary();
    System.out.printf("gpubench fork: %d tests found, %d succeeded, %d failed, %d skipped%n", s.getTestsFoundCount(),
        s.getTestsSucceededCount(), s.getTotalFailureCount(), s.getTestsSkippedCount());
    System.exit(s.getTestsFoundCount() == 0 ? 2 : 0);
  }

  private static void usage(String problem) {
    System.err.println("gpubench fork: " + problem);
    System.exit(1);
  }
}
