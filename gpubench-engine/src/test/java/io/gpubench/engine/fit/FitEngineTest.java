package io.gpubench.engine.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.fit.BatchInHeap;
import examples.fit.NoBatch;
import io.gpubench.api.result.CaseResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code gpubench.fit} through the engine: a CPU case whose set-up holds {@code batch} MiB in a 64 MiB heap is
 * searched in workers of its own until the batch above the one reported runs out of memory, the report names the
 * batch and how to pin it, the case's own result is unchanged and the tries are not results; a pattern the helper
 * cannot honour fails the run naming the key, the value and what would work.
 */
class FitEngineTest {
  @TempDir Path out;

  @Test
  void findsTheLargestBatchThatFitsTheHeapAndKeepsTheCaseAsDeclared() throws Exception {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(BatchInHeap.class))
        .configurationParameter("gpubench.fit", "BatchInHeap#touch*").execute();
    results.testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    String report = results.allEvents().reportingEntryPublished().stream()
        .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
        .filter(m -> m.containsKey("gpubench.fit")).map(m -> m.get("gpubench.fit")).findFirst().orElseThrow();
    System.out.println(report);
    long largest = Long.parseLong(report.replaceAll("(?s).*largest batch within 90% of the host's memory \\([^)]*\\)"
        + ": (\\d+) .*", "$1"));
    // 64 MiB of heap: a single array of more than the heap cannot be placed, and the JVM's own objects need room
    assertThat(largest).isBetween(16L, 63L);
    assertThat(report).contains("-Dgpubench.axes.BatchInHeap.batch=" + largest)
        .containsPattern("batch " + largest + "\\s+fits")
        .containsPattern("out of memory\\s+peak .*OutOfMemoryError");
    // the case as declared is the run's one result; the tries are the report's
    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    assertThat(cases).singleElement().satisfies(c -> assertThat(c.shape().get("batch").text()).isEqualTo("16"));
    try (Stream<Path> files = Files.list(out.resolve("fit"))) {
      Path json = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
      assertThat(Files.readString(json)).contains("\"largest\" : " + largest).contains("\"OUT_OF_MEMORY\"");
    }
  }

  @Test
  void aPatternThatMatchesNoCaseFailsTheRunNamingItAndTheCasesWithABatch() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(BatchInHeap.class))
        .configurationParameter("gpubench.fit", "BatchInHep*").execute();
    assertThat(failure(results)).contains("configuration gpubench.fit = \"BatchInHep*\" matches no case of this run")
        .contains("cases with a batch axis: examples.fit.BatchInHeap#touch[batch=16][FP32][cpu]");
  }

  @Test
  void aCaseWithoutABatchAxisFailsTheRunNamingItsAxes() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(NoBatch.class))
        .configurationParameter("gpubench.fit", "NoBatch*").execute();
    assertThat(failure(results)).contains("matches examples.fit.NoBatch#sum[n=4][FP32][cpu], which has no \"batch\""
        + " axis (its axes: n)").contains("no case of this run has a batch axis");
  }

  @Test
  void aShareAboveOneFailsTheRunNamingTheKey() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(BatchInHeap.class))
        .configurationParameter("gpubench.fit", "BatchInHeap*")
        .configurationParameter("gpubench.fit.share", "90").execute();
    assertThat(failure(results)).contains("gpubench.fit.share").contains("90").contains("at most 1");
  }

  private static String failure(EngineExecutionResults results) {
    return results.allEvents().failed().stream()
        .map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class).flatMap(
            org.junit.platform.engine.TestExecutionResult::getThrowable).map(Throwable::getMessage).orElse(""))
        .reduce("", (a, b) -> a + "\n" + b);
  }
}
