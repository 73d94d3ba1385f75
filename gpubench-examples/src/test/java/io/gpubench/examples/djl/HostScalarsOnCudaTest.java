package io.gpubench.examples.djl;

import io.gpubench.examples.QuietEngine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.djl.DjlDevices;
import io.gpubench.djl.HostScalars;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why the models use {@link HostScalars}: on a GPU, DJL's {@code add(Number)} waits for the device, and
 * {@code add(HostScalars.of(...))} does not. Shown without a clock ({@link ScalarOperandsOnCuda}): each call is queued
 * while a kernel holds PyTorch's stream until the call has returned, so a call that waits for the device can only
 * return once that kernel gives up, which fails its trial. Skipped without a GPU or DJL's GPU natives.
 *
 * <p>An earlier form of this test queried the stream after queueing the add behind three large products, and on the
 * H200 found it idle after the host-scalar add too: that add's kernel ran there for the first time in the process,
 * and CUDA's lazy loading (the default since CUDA 12.2) may synchronise the context to load a kernel. The engine's
 * warm-up calls load every kernel before a trial holds the stream, so the fixture measures the add itself.
 */
class HostScalarsOnCudaTest {

  @Test
  void aNumberOperandWaitsForTheGpuAndAHostScalarDoesNot() {
    DjlGpu.orSkip();
    Path out = Path.of("target/gpubench-djl-cuda-scalars");
    QuietEngine.kit().selectors(selectClass(ScalarOperandsOnCuda.class))
        .configurationParameter("gpubench.include", ScalarOperandsOnCuda.class.getSimpleName())
        .configurationParameter("gpubench.backends", "cuda:0")
        .configurationParameter("gpubench.output-dir", out.toString())
        .execute().testEvents().assertStatistics(s -> s.succeeded(1).failed(1));
    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    cases.forEach(c -> System.out.println(c.displayName() + ": " + c.status() + " " + c.message()));

    CaseResult hostScalar = workload(cases, "hostScalar");
    assertThat(hostScalar.status()).as(hostScalar.message()).isEqualTo(CaseStatus.PASSED);
    assertThat(hostScalar.timing().deviceTiming()).isEqualTo(DeviceTiming.BLOCKED);
    assertThat(hostScalar.timing().deviceClock()).isEqualTo("cuda-event@" + DjlDevices.PYTORCH_STREAM);

    CaseResult number = workload(cases, "number");
    assertThat(number.status()).isNotEqualTo(CaseStatus.PASSED);
    assertThat(number.message()).as("add(1f) could not return while the stream was held")
        .contains("timed out").contains("gave up after");
  }

  private static CaseResult workload(List<CaseResult> cases, String name) {
    return cases.stream().filter(c -> c.workload().equals(name)).findFirst().orElseThrow();
  }
}
