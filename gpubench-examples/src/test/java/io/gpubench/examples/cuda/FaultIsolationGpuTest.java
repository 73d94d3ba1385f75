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
 * A kernel that faults costs its own case only: CUDA_ERROR_ILLEGAL_ADDRESS poisons its worker's context, the engine
 * retires that worker, and the correct kernel after it on the same GPU runs in a new one and passes. Skipped with
 * the reason where there is no CUDA GPU.
 */
class FaultIsolationGpuTest {

  @Test
  void anIllegalAddressFailsItsCaseAndTheNextCaseOnTheGpuPasses() {
    CudaAvailable.cudaOrSkip();
    EngineExecutionResults results = QuietEngine.kit()
        .selectors(selectClass(OutOfBoundsWriteBenchmark.class), selectClass(SaxpyLatencyBenchmark.class))
        .configurationParameter("gpubench.include", "OutOfBoundsWriteBenchmark")
        .configurationParameter("gpubench.backends", "cuda:0")
        .configurationParameter("gpubench.output-dir", "target/gpubench-fault")
        .execute();
    List<Event> failed = results.testEvents().failed().list();
    assertThat(failed).as("failed cases").hasSize(1);
    Throwable t = failed.get(0).getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    System.out.println("faulting kernel: " + t.getMessage().lines().findFirst().orElse(""));
    assertThat(t.getMessage()).contains("scribble()").containsAnyOf("ILLEGAL_ADDRESS", "illegal address");
    assertThat(results.testEvents().succeeded().count()).as("the saxpy case after it").isEqualTo(1);
  }
}
