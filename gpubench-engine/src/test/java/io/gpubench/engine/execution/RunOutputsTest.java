package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.FixedSumBenchmark;
import examples.invalid.MalformedShapeBenchmark;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Everything a run knew is in its outputs: classes that cannot run, and the cases it planned and started. */
class RunOutputsTest {
  @TempDir Path out;

  @Test
  void aClassThatCannotRunIsAnErrorEntryOfTheJournalResultsAndReports() throws Exception {
    EngineKit.gpubench(out).configurationParameter("gpubench.fork", "none")
        .selectors(selectClass(MalformedShapeBenchmark.class), selectClass(FixedSumBenchmark.class)).execute()
        .testEvents().assertStatistics(s -> s.succeeded(1).failed(1));

    RunResult run = ResultsFile.read(out.resolve("results.json"));
    CaseResult invalid = run.cases().stream().filter(c -> c.status() == CaseStatus.ERROR).findFirst().orElseThrow();
    assertThat(invalid.id()).isEqualTo(MalformedShapeBenchmark.class.getName() + "#invalid @Shape");
    assertThat(invalid.benchmark()).isEqualTo(MalformedShapeBenchmark.class.getName());
    assertThat(invalid.message()).contains(MalformedShapeBenchmark.class.getName()).contains("@Shape");
    assertThat(run.cases()).extracting(CaseResult::status).containsExactlyInAnyOrder(CaseStatus.ERROR,
        CaseStatus.PASSED);
    assertThat(out.resolve("summary.md")).content().contains("invalid @Shape");
    assertThat(out.resolve("report.html")).content().contains("invalid @Shape");
    JournalRun journal = single(Journals.in(out, null));
    assertThat(journal.run().cases()).hasSize(2);
    assertThat(journal.planned()).as("what the run planned, named").hasSize(2)
        .contains(MalformedShapeBenchmark.class.getName() + "#invalid @Shape");
  }

  @Test
  void aRunOfOnlyClassesThatCannotRunStillWritesThemDown() {
    EngineKit.gpubench(out).selectors(selectClass(MalformedShapeBenchmark.class)).execute()
        .testEvents().assertStatistics(s -> s.failed(1));

    RunResult run = ResultsFile.read(out.resolve("results.json"));
    assertThat(run.cases()).singleElement().extracting(CaseResult::status).isEqualTo(CaseStatus.ERROR);
    assertThat(run.environment().devices()).as("no backend was started for it").isEmpty();
  }

  @Test
  void aJournalNamesTheCaseThatWasRunningWhenTheRunEnded() throws Exception {
    EngineKit.gpubench(out).configurationParameter("gpubench.fork", "none")
        .selectors(selectClass(FixedSumBenchmark.class)).execute();
    Path file = single(Journals.in(out, null)).file();
    // As a SIGKILL during the second case would leave it: its start line, no result, no end line.
    List<String> lines = Files.readAllLines(file);
    List<String> killed = new java.util.ArrayList<>(lines.subList(0, lines.size() - 1));
    killed.add("{\"type\":\"start\",\"case\":\"examples.FixedSumBenchmark#sum[later]\"}");
    Files.write(file, killed);

    JournalRun run = single(Journals.in(out, null));
    assertThat(run.complete()).isFalse();
    assertThat(run.unfinished()).containsExactly("examples.FixedSumBenchmark#sum[later]");
    assertThat(run.undecided()).startsWith("examples.FixedSumBenchmark#sum[later]");
  }

  @Test
  void anInputLargerThanTheHeapFailsItsCaseNamingTensorSizeAndFix() {
    EngineKit.gpubench(out).configurationParameter("gpubench.include", "HugeInput")
        .configurationParameter("gpubench.fork.jvm-args", "-Xmx256m")
        .selectors(selectClass(examples.faults.HugeInput.class)).execute()
        .testEvents().assertStatistics(s -> s.succeeded(1).failed(1));

    CaseResult huge = ResultsFile.read(out.resolve("results.json")).cases().stream()
        .filter(c -> c.status() != CaseStatus.PASSED).findFirst().orElseThrow();
    assertThat(huge.message()).contains("tensor 'x' [104857600] of case shape")
        .contains("104,857,600 elements").contains("GiB of heap").contains("-Dgpubench.fork.jvm-args=-Xmx")
        .doesNotContain("Java heap space");
  }

  private static JournalRun single(List<JournalRun> runs) {
    assertThat(runs).hasSize(1);
    return runs.get(0);
  }
}
