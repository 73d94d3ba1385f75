package io.gpubench.examples.djl;

import io.gpubench.examples.QuietEngine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Timing;
import io.gpubench.djl.DjlDevices;
import io.gpubench.examples.gemm.DjlGemmBenchmark;
import io.gpubench.examples.inference.ConvNetInferenceBenchmark;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * DJL cases on {@code cuda:0}, through the engine: seeded inputs copied into DJL arrays on the GPU, the trials timed
 * on PyTorch's stream (the device figure is of DJL's own work: at least the roofline bound, where events on the
 * session's own stream read almost nothing), outputs checked on the device. Skipped without a CUDA GPU, and where
 * DJL's PyTorch engine has no GPU natives (docs/djl.md, "DJL cases on a GPU").
 */
class DjlOnCudaTest {
  private static final String CLOCK = "cuda-event@" + DjlDevices.PYTORCH_STREAM;

  private static List<CaseResult> run(String name, DiscoverySelector selector, String... config) {
    Path out = Path.of("target/gpubench-djl-cuda-" + name);
    EngineTestKit.Builder kit = QuietEngine.kit().selectors(selector)
        .configurationParameter("gpubench.output-dir", out.toString())
        .configurationParameter("gpubench.backends", "cuda:0");
    for (int i = 0; i < config.length; i += 2) {
      kit = kit.configurationParameter(config[i], config[i + 1]);
    }
    kit.execute().testEvents().assertStatistics(s -> s.failed(0));
    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    cases.forEach(c -> System.out.printf(Locale.ROOT, "%s: %s, %s %s median %.1f us (host %.1f us), gap %s%n",
        c.displayName(), c.status(), c.timing() == null ? "-" : c.timing().deviceClock(),
        c.timing() == null ? "-" : c.timing().deviceTiming(),
        c.timing() == null ? Double.NaN : c.timing().primary().median() / 1e3,
        c.timing() == null ? Double.NaN : c.timing().host().median() / 1e3,
        c.throughput() == null ? "-" : c.throughput().gap()));
    return cases;
  }

  private static CaseResult only(List<CaseResult> cases, Precision precision) {
    return cases.stream().filter(c -> c.precision() == precision).findFirst().orElseThrow();
  }

  @Test
  void theReadmeGemmRunsOnCudaInFp32AndFp16TimedOnPyTorchsStream() {
    DjlGpu.orSkip();
    List<CaseResult> cases = run("gemm", selectClass(DjlGemmBenchmark.class),
        "gpubench.shapes.DjlGemmBenchmark", "m=2048,n=2048,k=2048");
    assertThat(only(cases, Precision.BF16).status()).isEqualTo(CaseStatus.SKIPPED);
    assertThat(only(cases, Precision.BF16).message()).isEqualTo(DjlDevices.NO_BF16);
    for (Precision p : List.of(Precision.FP32, Precision.FP16)) {
      CaseResult c = only(cases, p);
      assertThat(c.status()).as(c.displayName() + ": " + c.message()).isEqualTo(CaseStatus.PASSED);
      Timing t = c.timing();
      assertThat(t.deviceClock()).isEqualTo(CLOCK);
      assertThat(t.deviceTiming()).isEqualTo(DeviceTiming.BLOCKED);
      assertThat(t.deviceTimingReason()).contains(DjlDevices.PYTORCH_STREAM);
      // Events that did not bracket DJL's work would read a few microseconds: far under the roofline bound.
      assertThat(c.throughput().gap()).as("median over the roofline bound").isGreaterThan(0.5);
      assertThat(c.correctness().error().count()).isEqualTo(2048L * 2048);
      assertThat(c.correctness().callsCompared()).isPositive();
    }
  }

  @Test
  void theConvNetInferenceExampleRunsOnCuda() {
    DjlGpu.orSkip();
    List<CaseResult> cases = run("convnet", selectClass(ConvNetInferenceBenchmark.class),
        "gpubench.shapes.ConvNetInferenceBenchmark", "batch=32");
    for (Precision p : List.of(Precision.FP32, Precision.FP16)) {
      CaseResult c = only(cases, p);
      assertThat(c.status()).as(c.displayName() + ": " + c.message()).isEqualTo(CaseStatus.PASSED);
      assertThat(c.timing().deviceClock()).isEqualTo(CLOCK);
      assertThat(c.correctness().error().count()).isEqualTo(32L * 10);
    }
  }

  @Test
  void aTrainingStepIsTimedWithEventsAroundItsWholeWorkOnPyTorchsStream() {
    DjlGpu.orSkip();
    List<CaseResult> cases = run("cnn", selectClass("io.gpubench.examples.models.CnnTrainingBenchmark"),
        "gpubench.precisions", "FP32");
    CaseResult c = only(cases, Precision.FP32);
    assertThat(c.status()).as(c.displayName() + ": " + c.message()).isEqualTo(CaseStatus.PASSED);
    Timing t = c.timing();
    assertThat(t.deviceClock()).isEqualTo(CLOCK);
    assertThat(t.deviceTiming()).isEqualTo(DeviceTiming.EVENTS);
    // The step ends in a host read, so the events bracket nearly all of the host's time; on the session's own
    // stream they would bracket nothing.
    assertThat(t.device().median()).isGreaterThan(0.5 * t.host().median()).isLessThanOrEqualTo(t.host().median());
  }
}
