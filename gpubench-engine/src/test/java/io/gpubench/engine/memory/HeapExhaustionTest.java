package io.gpubench.engine.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.memory.HoardsHeap;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload that fills its worker's heap ends its case with {@code OutOfMemoryError}, the heap's limit and the
 * collectors' figures, not a time-out of the step; the next case runs in a new worker and passes.
 */
class HeapExhaustionTest {
  @TempDir static Path out;
  static Map<String, CaseResult> cases;

  @BeforeAll
  static void run() {
    EngineKit.gpubench(out).selectors(selectClass(HoardsHeap.class)).execute();
    cases = ResultsFile.read(out.resolve("results.json")).cases().stream()
        .collect(Collectors.toMap(CaseResult::workload, Function.identity()));
  }

  @Test
  void theHoardingCaseFailsWithTheHeapAndItsCollections() {
    CaseResult c = cases.get("hoards");
    System.out.println("hoards: " + c.message());
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).doesNotContain("timed out").contains("OutOfMemoryError");
    // The watch's line names the limit and the collectors; the JVM's own error (where it came first) names the
    // heap through the engine's description of a VM error.
    if (c.message().contains("heap watch")) {
      assertThat(c.message()).contains("64.0 MiB heap limit (-Xmx)").contains("collections")
          .contains("-Dgpubench.fork.jvm-args=-Xmx<size>");
    }
  }

  @Test
  void theNextCaseRunsInANewWorker() {
    assertThat(cases.get("correctAfter").status()).isEqualTo(CaseStatus.PASSED);
  }
}
