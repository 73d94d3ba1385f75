package io.gpubench.djl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.djl.TinyConvNetBenchmark;
import io.gpubench.api.CheckMetric;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The FP32 case of a {@code @Model} without a {@code @Reference} is its own reference: its results must say so and
 * claim no bound checked against it (issue 9): the engine plans it ({@code CaseSpec.selfReferenced()},
 * {@code CaseSpec.reference()}) and checks it under {@code Allowance.NONE} (finiteness, later calls' agreement,
 * inputs) instead of the class's tolerance.
 */
class ModelSelfReferenceTest {
  @TempDir Path out;

  @Test
  void theFp32CaseOfAModelSaysItIsItsOwnReferenceAndClaimsNoBoundAgainstIt() {
    EngineKit.gpubench(out).selectors(selectClass(TinyConvNetBenchmark.class)).execute();

    var cases = ResultsFile.read(out.resolve("results.json")).cases();
    CaseResult fp32 = cases.stream().filter(c -> c.precision() == Precision.FP32).findFirst().orElseThrow();
    assertThat(fp32.correctness().reference()).startsWith("none: the model's FP32 output is the reference");
    assertThat(fp32.correctness().checks()).extracting(c -> c.metric()).containsExactly(CheckMetric.NON_FINITE);
    CaseResult fp16 = cases.stream().filter(c -> c.precision() == Precision.FP16).findFirst().orElseThrow();
    assertThat(fp16.correctness().reference()).isEqualTo("the model's FP32 output");
    assertThat(fp16.correctness().checks()).hasSizeGreaterThan(1);
  }
}
