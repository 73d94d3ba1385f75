package io.gpubench.examples.models;

import io.gpubench.examples.QuietEngine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.djl.DjlDevices;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A training benchmark run by the gpubench engine: what runs, what skips and why, and the samples/s it reports. */
class TrainingBenchmarkEngineTest {

  @TempDir Path out;

  @Test
  void fp32TrainsAndReportsSamplesPerSecondWhileHalfPrecisionsSkipWithTheirReasons() {
    QuietEngine.kit()
        .selectors(selectClass(CnnTrainingBenchmark.class))
        .configurationParameter("gpubench.backends", "cpu")
        .configurationParameter("gpubench.output-dir", out.toString())
        .configurationParameter("gpubench.shapes.CnnTrainingBenchmark", "batch=8")
        .execute()
        .testEvents()
        .assertThatEvents()
        .haveExactly(1, event(displayName("cnn [batch=8, FP32, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("cnn [batch=8, FP16, cpu]"), abortedWithReason(
            message(TrainingCase.CPU_FP16_SKIPPED))))
        .haveExactly(1, event(displayName("cnn [batch=8, BF16, cpu]"), abortedWithReason(message(DjlDevices.NO_BF16))));

    RunResult run = ResultsFile.read(out.resolve("results.json"));
    CaseResult fp32 = run.cases().stream()
        .filter(c -> c.precision() == Precision.FP32 && c.status() == CaseStatus.PASSED)
        .findFirst()
        .orElseThrow();
    assertThat(fp32.workload()).isEqualTo("cnn");
    assertThat(fp32.throughput().itemsPerCall()).isEqualTo(8.0);
    assertThat(fp32.metrics().get("parameters").value()).isEqualTo(62_006.0);
    assertThat(fp32.metrics().get("batch").value()).isEqualTo(8.0);
    // samples/s is the batch over the median step time
    assertThat(fp32.throughput().itemsPerSecond()).isCloseTo(8.0 / (fp32.medianNanos() * 1e-9), withinPercentage(0.001));
  }

  @Test
  void fp16RunsOnTheCpuWhenAskedFor() {
    System.setProperty(TrainingCase.CPU_FP16_PROPERTY, "true");
    try {
      QuietEngine.kit()
          .selectors(selectClass(CnnTrainingBenchmark.class))
          .configurationParameter("gpubench.backends", "cpu")
          .configurationParameter("gpubench.precisions", "FP16")
          .configurationParameter("gpubench.output-dir", out.toString())
          .configurationParameter("gpubench.shapes.CnnTrainingBenchmark", "batch=8")
          .execute()
          .testEvents()
          .assertThatEvents()
          .haveExactly(1, event(displayName("cnn [batch=8, FP16, cpu]"), finishedSuccessfully()));
    } finally {
      System.clearProperty(TrainingCase.CPU_FP16_PROPERTY);
    }
  }
}
