package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.ahead.ThreeQuickCases;
import examples.faults.WorkerCannotStart;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's first case's workers are started ahead of it, while the run is set up ({@code WorkerPool.startAhead}),
 * and they are the workers its forks lease: the run starts no other, and a start that fails fails the case with what
 * the JVM said, as a start at the case's own time does.
 */
class WorkersAheadTest {
  @TempDir Path out;

  @Test
  void theFirstCasesForksLeaseTheWorkersStartedAheadAndNoOthersStart() throws IOException {
    EngineKit.gpubench(out).selectors(selectClass(ThreeQuickCases.class)).execute()
        .testEvents().assertStatistics(s -> s.succeeded(3).failed(0));

    RunResult run = ResultsFile.read(out.resolve("results.json"));
    CaseResult first = run.cases().get(0);
    assertThat(first.status()).isEqualTo(CaseStatus.PASSED);
    assertThat(first.timing().spent().forks()).as("the engine's two forks for a first case").isEqualTo(2);
    assertThat(first.timing().spent().workerStartSeconds()).isGreaterThanOrEqualTo(0);
    // the two started ahead, one per fork, kept for the class's later cases: a third log would be a worker started
    // beside an unclaimed one
    assertThat(workerLogs()).containsExactlyInAnyOrder("cpu-1.log", "cpu-2-fork2.log");
  }

  @Test
  void aWorkerStartedAheadThatCannotStartFailsItsCaseSayingWhy() {
    EngineKit.gpubench(out).selectors(selectClass(WorkerCannotStart.class)).execute()
        .testEvents().assertStatistics(s -> s.failed(1));

    CaseResult r = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(r.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(r.message()).startsWith("starting its worker failed: the worker process exited with code 1")
        .contains("NoSuchOptionForGpubench");
  }

  private List<String> workerLogs() throws IOException {
    try (Stream<Path> files = Files.list(out.resolve("workers"))) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".log")).toList();
    }
  }
}
