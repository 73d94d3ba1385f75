package io.gpubench.djl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.djl.DjlMatmulBenchmark;
import examples.djl.TinyConvNetBenchmark;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DJL through the engine, on PyTorch's CPU natives from Maven Central. */
class DjlWorkloadTest {
  @TempDir Path out;

  @Test
  void djlMatmulIsCheckedAgainstAnFp64ReferenceAndBf16IsRefusedBeforeDjl() {
    EngineKit.gpubench(out).selectors(selectClass(DjlMatmulBenchmark.class)).execute().testEvents()
        .assertThatEvents()
        .haveExactly(1, event(displayName("matmul [m=32,n=32,k=32, FP32, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("matmul [m=32,n=32,k=32, FP16, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("matmul [m=32,n=32,k=32, BF16, cpu]"),
            abortedWithReason(message(DjlDevices.NO_BF16))));

    CaseResult fp16 = ResultsFile.read(out.resolve("results.json")).cases().stream()
        .filter(c -> c.precision() == Precision.FP16).findFirst().orElseThrow();
    assertThat(fp16.correctness().referencePrecision()).isEqualTo(Precision.FP64);
    assertThat(fp16.correctness().error().maxAbs()).as("FP16 output is not exact").isPositive();
  }

  @Test
  void modelWorkloadTimesTheForwardPassAgainstItsFp32Self() {
    EngineKit.gpubench(out).selectors(selectClass(TinyConvNetBenchmark.class)).execute().testEvents()
        .assertThatEvents()
        .haveExactly(1, event(displayName("convnet [batch=2, FP32, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("convnet [batch=2, FP16, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("convnet [batch=2, BF16, cpu]"), skippedWithReason(DjlDevices.NO_BF16)));

    CaseResult fp32 = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(fp32.correctness().error().count()).isEqualTo(2 * 10);
    assertThat(fp32.correctness().error().maxAbs()).isZero();
    assertThat(fp32.timing().host().median()).isPositive();
  }
}
