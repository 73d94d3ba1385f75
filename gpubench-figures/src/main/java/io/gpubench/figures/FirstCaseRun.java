package io.gpubench.figures;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * One run of the first-case figures in a JVM of its own, as a build's test JVM runs it: the JUnit Platform launcher
 * over the classes or packages given, the gpubench engine on the class path (whichever version the parent put there).
 * It prints the wall-clock instant its first test finished and when the run ended ({@code first-case-ms=…},
 * {@code done-ms=…}, {@link System#currentTimeMillis()}) and the number of tests by status. Only the launcher's API
 * is used, so that it runs over any engine version. Arguments: the output folder, then {@code class:NAME} or
 * {@code package:NAME} selectors.
 */
public final class FirstCaseRun {
  private FirstCaseRun() {}

  /**
   * Runs.
   *
   * @param args the output folder, then selectors
   */
  public static void main(String[] args) {
    List<DiscoverySelector> selectors = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      selectors.add(a.startsWith("package:") ? selectPackage(a.substring(8)) : selectClass(a.substring(6)));
    }
    long[] first = {0};
    int[] counts = new int[3];
    TestExecutionListener listener = new TestExecutionListener() {
      @Override
      public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (!id.isTest()) {
          return;
        }
        if (first[0] == 0) {
          first[0] = System.currentTimeMillis();
        }
        counts[result.getStatus().ordinal()]++;
      }

      @Override
      public void executionSkipped(TestIdentifier id, String reason) {
        // skipped cases are no answer
      }
    };
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectors)
        .configurationParameter("gpubench.output-dir", args[0])
        .configurationParameter("gpubench.include", "*")
        .configurationParameter("gpubench.summary", "false")
        .configurationParameter("gpubench.progress", "false").build(), listener);
    System.out.println("first-case-ms=" + first[0]);
    System.out.println("done-ms=" + System.currentTimeMillis());
    System.out.println("tests successful=" + counts[0] + " aborted=" + counts[1] + " failed=" + counts[2]);
    System.exit(0);
  }
}
