package io.gpubench.examples.cuda;

import io.gpubench.examples.QuietEngine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Timing;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The engine times a small GEMM in each device timing mode the key asks for, and by default picks graph replay for
 * it and says why; the graph's figure is below the events' (the launch path), the launch-inclusive figure beside
 * it is not. Skipped where there is no CUDA GPU.
 */
class DeviceTimingModesTest {

  private static CaseResult run(String mode) {
    Path out = Path.of("target/gpubench-timing-" + mode);
    EngineTestKit.Builder kit = QuietEngine.kit()
        .selectors(selectClass(CudaGemmBenchmark.class))
        .configurationParameter("gpubench.output-dir", out.toString())
        .configurationParameter("gpubench.shapes.CudaGemmBenchmark", "m=1024,n=1024,k=1024")
        .configurationParameter("gpubench.precisions", "FP16")
        .configurationParameter("gpubench.trials.budget-seconds", "1");
    if (!mode.equals("default")) {
      kit = kit.configurationParameter("gpubench.cuda.timing", mode);
    }
    kit.execute().testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    return ResultsFile.read(out.resolve("results.json")).cases().get(0);
  }

  @Test
  void eachModeIsRecordedAndGraphReplayTimesBelowTheEventPair() {
    CudaAvailable.cudaOrSkip();
    Timing events = run("events").timing();
    Timing blocked = run("blocked").timing();
    Timing graph = run("graph").timing();
    Timing auto = run("default").timing();
    System.out.printf(Locale.ROOT, "1024^3 FP16 median per call: events %.3f us, blocked %.3f us (launch-inclusive"
            + " %.3f), graph %.3f us (launch-inclusive %.3f), default %s %.3f us%n",
        events.device().median() / 1e3, blocked.device().median() / 1e3, blocked.launchInclusive().median() / 1e3,
        graph.device().median() / 1e3, graph.launchInclusive().median() / 1e3, auto.deviceTiming(),
        auto.device().median() / 1e3);

    assertThat(events.deviceTiming()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(events.launchInclusive()).isNull();
    assertThat(blocked.deviceTiming()).isEqualTo(DeviceTiming.BLOCKED);
    assertThat(graph.deviceTiming()).isEqualTo(DeviceTiming.GRAPH);
    assertThat(graph.deviceTimingReason()).contains("gpubench.cuda.timing=graph");
    assertThat(auto.deviceTiming()).isEqualTo(DeviceTiming.GRAPH);
    assertThat(auto.deviceTimingReason()).startsWith("auto: a trial took ").contains("under 1.00 ms");
    assertThat(graph.device().median()).isLessThan(events.device().median());
    assertThat(blocked.device().median()).isLessThan(events.device().median());
    assertThat(graph.launchInclusive().median()).isGreaterThan(graph.device().median());
  }
}
