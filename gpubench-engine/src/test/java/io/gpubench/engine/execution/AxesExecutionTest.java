package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.axes.EnumAxisBenchmark;
import examples.axes.KindsBenchmark;
import examples.axes.ZippedBenchmark;
import io.gpubench.api.AxisValue;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Cases of every kind of axis run in a worker and read their axes as the types they ask for; the results record the
 * axes by kind and name the ones the run overrode.
 */
class AxesExecutionTest {
  @TempDir Path out;

  @Test
  void eachCaseReadsItsAxesAsTheTypesItAsksForInTheWorker() {
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter("gpubench.forks", "1")
        .selectors(selectClass(KindsBenchmark.class), selectClass(ZippedBenchmark.class)).execute();

    results.testEvents().assertStatistics(s -> s.started(12).succeeded(12));
    RunResult run = ResultsFile.read(out.resolve("results.json"));
    for (CaseResult c : run.cases()) {
      if (c.benchmark().endsWith("KindsBenchmark")) {
        long n = ((AxisValue.Whole) c.shape().get("n")).value();
        assertThat(c.metrics().get("n").value()).isEqualTo(n);
        assertThat(c.metrics().get("dim").value()).isEqualTo(n);
        assertThat(c.metrics().get("alpha").value()).isEqualTo(((AxisValue.Real) c.shape().get("alpha")).value());
        assertThat(c.metrics().get("layout").value()).isEqualTo(c.shape().get("layout").text().equals("row") ? 0 : 1);
        assertThat(c.axisOverrides()).isEmpty();
      } else {
        long m = ((AxisValue.Whole) c.shape().get("m")).value();
        long k = ((AxisValue.Whole) c.shape().get("k")).value();
        assertThat(c.metrics().get("k").value()).isEqualTo(k);
        assertThat(c.metrics().get("layerIsMlp").value()).isEqualTo(k == 32 ? 1 : 0);
        assertThat(c.throughput().flopsPerCall()).as("@Cost over the zipped axes").isEqualTo(2.0 * m * k);
      }
    }
    CaseResult first = run.cases().get(0);
    assertThat(first.id()).isEqualTo("examples.axes.KindsBenchmark#run[n=8,alpha=0.5,layout=row][FP32][cpu]");
    assertThat(first.shape()).containsExactly(Map.entry("n", AxisValue.whole(8)), Map.entry("alpha", AxisValue.real(0.5)),
        Map.entry("layout", AxisValue.name("row")));
  }

  @Test
  void aNameThatIsNoConstantOfTheEnumFailsItsCaseListingTheConstants() {
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter("gpubench.forks", "1")
        .selectors(selectClass(EnumAxisBenchmark.class)).execute();

    results.testEvents().assertStatistics(s -> s.started(3).succeeded(2).failed(1));
    results.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("run [algo=fancy, FP32, cpu]"),
        finishedWithFailure(message(m -> m.contains("axis 'algo' = fancy is not a constant of Algo (NAIVE, TILED);"
            + " give the axis one of them (naive|tiled)")))));
  }

  @Test
  void anOverriddenAxisRunsAtTheRunsValueAndTheResultsNameItAndTheKey() {
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter("gpubench.forks", "1")
        .configurationParameter("gpubench.axes.n", "64")
        .configurationParameter("gpubench.axes.KindsBenchmark.layout", "col")
        .selectors(selectClass(KindsBenchmark.class)).execute();

    results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    RunResult run = ResultsFile.read(out.resolve("results.json"));
    assertThat(run.cases()).extracting(CaseResult::displayName).containsExactly(
        "run [n=64,alpha=0.5,layout=col, FP32, cpu]", "run [n=64,alpha=1.0,layout=col, FP32, cpu]");
    assertThat(run.cases()).allSatisfy(c -> {
      assertThat(c.metrics().get("n").value()).isEqualTo(64);
      assertThat(c.axisOverrides()).containsExactly(Map.entry("n", "gpubench.axes.n"),
          Map.entry("layout", "gpubench.axes.KindsBenchmark.layout"));
    });
    assertThat(run.environment().configuration()).containsEntry("gpubench.axes.n", "64")
        .containsEntry("gpubench.axes.KindsBenchmark.layout", "col");
    assertThat(out.resolve("results.json")).content().contains("\"axisOverrides\"");
    assertThat(run.cases().get(0).status()).isEqualTo(CaseStatus.PASSED);
  }
}
