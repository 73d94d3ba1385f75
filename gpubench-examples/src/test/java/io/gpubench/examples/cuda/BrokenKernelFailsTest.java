package io.gpubench.examples.cuda;

import io.gpubench.examples.QuietEngine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * The broken kernel fails, and says by how much: its message carries the PSNR and max|d| against the
 * allowance. Skipped with the reason where there is no CUDA GPU.
 */
class BrokenKernelFailsTest {

  @Test
  void brokenKernelFailsWithItsNumbers() {
    CudaAvailable.cudaOrSkip();
    EngineExecutionResults results = QuietEngine.kit()
        .selectors(selectClass(BrokenDecodeTailBenchmark.class))
        .configurationParameter("gpubench.include", "BrokenDecodeTailBenchmark")
        .configurationParameter("gpubench.output-dir", "target/gpubench-broken")
        .execute();
    List<Event> failed = results.testEvents().failed().list();
    assertThat(failed).as("failed cases").hasSize(1);
    Throwable t = failed.get(0).getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    System.out.println("broken kernel: " + t.getMessage());
    assertThat(t.getMessage()).contains("psnrDb").contains("maxAbs").contains("allowed");
    assertThat(results.testEvents().succeeded().count()).isZero();
  }
}
