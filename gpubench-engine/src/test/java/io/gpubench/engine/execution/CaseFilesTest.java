package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.recording.FakeKernelBenchmark;
import examples.recording.HostLoopBenchmark;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * Through the whole engine, with benchmark code in worker processes: the files a case produces (its report, a JFR
 * recording of its trials) reach its test as file entries; the kernel audit of a device that audits, and of one that
 * refuses, reach results.json, the summary and the test's report entries; the keys' errors name key and value.
 */
class CaseFilesTest {
  @TempDir Path out;

  private static Map<String, List<Path>> filesByTest(EngineExecutionResults results) {
    return results.allEvents().fileEntryPublished().stream().collect(Collectors.groupingBy(
        e -> e.getTestDescriptor().getDisplayName(),
        Collectors.mapping(e -> e.getPayload(FileEntry.class).orElseThrow().getPath(), Collectors.toList())));
  }

  private static Map<String, String> reportEntries(EngineExecutionResults results, String test) {
    return results.allEvents().reportingEntryPublished().stream()
        .filter(e -> e.getTestDescriptor().getDisplayName().equals(test))
        .flatMap(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs().entrySet().stream())
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }

  @Test
  void aJfrRecordingOfTheSelectedCasesTrialsIsPublishedToItsTestWithItsReport() throws Exception {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(HostLoopBenchmark.class))
        .configurationParameter("gpubench.jfr", "HostLoopBenchmark#loop[n=40000]*").execute();

    results.testEvents().assertStatistics(s -> s.succeeded(2).failed(0));
    Map<String, List<Path>> files = filesByTest(results);
    assertThat(files).containsOnlyKeys("loop [n=40000, FP32, cpu]");
    List<Path> published = files.get("loop [n=40000, FP32, cpu]");
    assertThat(published).extracting(p -> p.getFileName().toString()).containsExactly("report.md", "trials.jfr");
    assertThat(published).allSatisfy(p -> assertThat(p).isAbsolute().startsWith(out.toAbsolutePath().resolve("cases")));
    assertThat(jdk.jfr.consumer.RecordingFile.readAllEvents(published.get(1)))
        .as("recorded in the worker, where the trials ran").isNotEmpty();
    RunResult run = ResultsFile.read(out.resolve("results.json"));
    assertThat(run.cases()).filteredOn(c -> c.flagged("profiled")).extracting(CaseResult::displayName)
        .containsExactly("loop [n=40000, FP32, cpu]");
    assertThat(run.cases()).allSatisfy(c -> assertThat(c.audit()).as("the CPU has no audit").isNull());
    // the report is the case's, all its forks combined, not the last fork's (it was written per fork)
    CaseResult recorded = run.cases().stream().filter(c -> c.displayName().equals("loop [n=40000, FP32, cpu]"))
        .findFirst().orElseThrow();
    assertThat(recorded.timing().forks()).as("a CPU case runs in two forks by default").hasSizeGreaterThan(1);
    assertThat(published.get(0)).content()
        .contains("| median (95% CI) | " + io.gpubench.results.compare.CaseDigest.of(recorded).time() + " |");
  }

  @Test
  void theAuditOfAFakeGpuComesFromItsWorkerAfterTheTrialsIntoTheResultsTheSummaryAndTheTest() throws Exception {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(FakeKernelBenchmark.class))
        .configurationParameter("gpubench.test.fake-gpu", "audit")
        // the declared warm-up calls only, so that the launches can be counted
        .configurationParameter("gpubench.trials.max-warmup-seconds", "0").execute();

    results.testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    CaseResult c = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    KernelAudit a = c.audit();
    assertThat(a.kernels()).singleElement().satisfies(k -> assertThat(k.countPerCall()).isEqualTo(1.0));
    // trials discarded as contended (a loaded machine) and measured again launched too
    assertThat(a.attribution().notes()).containsExactly("launches before the audit: "
        + (2 + (c.timing().trials().size() + c.timing().discardedTrials()) * 2));
    assertThat(c.metrics().get("engineTypesVisible").value()).as("the auditor, hooks, session, telemetry")
        .isZero();
    assertThat(c.metrics().get("frameworkStreamVisible").value()).as("FrameworkStream, for DJL's stream").isEqualTo(1);
    assertThat(reportEntries(results, c.displayName())).containsEntry("gpubench.kernels", "benchmark 100%, 1 kernel");
    assertThat(filesByTest(results).get(c.displayName())).singleElement()
        .satisfies(p -> assertThat(p).hasFileName("report.md").content().contains("benchmark 100%, 1 kernel"));
    assertThat(out.resolve("summary.md")).content().contains("| benchmark 100%, 1 kernel |");
  }

  @Test
  void aRefusedAuditIsSkippedWithItsReasonAndTheCaseStillPasses() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(FakeKernelBenchmark.class))
        .configurationParameter("gpubench.test.fake-gpu", "refused").execute();

    results.testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    CaseResult c = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(c.status()).isEqualTo(CaseStatus.PASSED);
    assertThat(c.audit().skipReason()).isEqualTo(FakeGpu.REFUSED);
    assertThat(reportEntries(results, c.displayName()))
        .containsEntry("gpubench.kernels", "audit skipped: " + FakeGpu.REFUSED);
    assertThat(filesByTest(results)).isEmpty();
    assertThat(out.resolve("summary.md")).content().contains("**Kernel audits skipped**", "CUPTI refused");
  }

  @Test
  void aMalformedAuditKeyFailsTheRunNamingKeyAndValue() {
    EngineKit.gpubench(out).selectors(selectClass(HostLoopBenchmark.class))
        .configurationParameter("gpubench.audit", "maybe").execute()
        .testEvents().assertThatEvents().haveExactly(1, event(finishedWithFailure(message(m -> m.contains(
            "configuration gpubench.audit = \"maybe\" is invalid: expected true or false")))));
  }

  @Test
  void aCaptureOrJfrPatternThatSelectsNoCaseSaysSo() {
    PrintStream saved = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      EngineKit.gpubench(out).selectors(selectClass(HostLoopBenchmark.class))
          .configurationParameter("gpubench.fork", "none")
          .configurationParameter("gpubench.profiler.capture", "HostLoopBenchmark#lop*")
          .configurationParameter("gpubench.jfr", "HostLoopBenchmark").execute();
    } finally {
      System.setOut(saved);
    }
    String text = printed.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("gpubench: gpubench.profiler.capture=HostLoopBenchmark#lop* selects none of the 2 "
        + "cases of this run").doesNotContain("gpubench.jfr=HostLoopBenchmark selects none");
  }

  @Test
  void aCaptureOfACpuCaseSaysWhyThereIsNoneInTheTestsReport() throws Exception {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(HostLoopBenchmark.class))
        .configurationParameter("gpubench.fork", "none")
        .configurationParameter("gpubench.profiler.capture", "true").execute();

    assertThat(reportEntries(results, "loop [n=20000, FP32, cpu]").get("gpubench.recording"))
        .isEqualTo("no profiler capture: the cpu backend has no profiler API (cuProfilerStart is CUDA's); record its "
            + "host side with gpubench.jfr");
    assertThat(Files.exists(out.resolve("cases"))).as("nothing was recorded").isFalse();
  }
}
