package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.CudaOnlyBenchmark;
import examples.GoodGemmBenchmark;
import examples.MisbehavingBenchmark;
import examples.OptInBenchmark;
import examples.TightToleranceBenchmark;
import io.gpubench.api.AxisValue;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

class ExecutionTest {
  @TempDir Path out;

  @Test
  void correctCasesPassAndWriteTimedCheckedResults() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class)).execute();

    results.testEvents().assertStatistics(s -> s.started(4).succeeded(4).skipped(2).failed(0));
    results.testEvents().assertThatEvents().haveExactly(2,
        event(test(), skippedWithReason("TF32 is a tensor-core math mode; the CPU backend has none")));

    RunResult run = ResultsFile.read(out.resolve("results.json"));
    assertThat(run.schema()).isEqualTo(RunResult.SCHEMA);
    assertThat(out.resolve("report.html")).content().contains("gemm [m=16,n=16,k=8, FP32, cpu]");
    assertThat(out.resolve("summary.md")).content().contains("gemm \\[m=24,n=16,k=8, FP16, cpu\\]");
    assertThat(out.resolve("results.csv")).content().contains("examples.GoodGemmBenchmark#gemm[m=16,n=16,k=8][TF32][cpu]");
    assertThat(run.cases()).hasSize(6);
    CaseResult fp32 = byId(run).get("examples.GoodGemmBenchmark#gemm[m=16,n=16,k=8][FP32][cpu]");
    assertThat(fp32.status()).isEqualTo(CaseStatus.PASSED);
    assertThat(fp32.shape()).containsExactly(Map.entry("m", AxisValue.whole(16)), Map.entry("n", AxisValue.whole(16)),
        Map.entry("k", AxisValue.whole(8)));
    assertThat(fp32.timing().trials()).hasSizeBetween(3, 8).hasSize(fp32.timing().host().n());
    assertThat(fp32.timing().stop()).isNotNull();
    assertThat(fp32.timing().stopDetail()).contains("trials");
    assertThat(fp32.timing().host().min()).isPositive().isLessThanOrEqualTo(fp32.timing().host().median());
    assertThat(fp32.correctness().passed()).isTrue();
    assertThat(fp32.correctness().callsCompared()).isEqualTo(2);
    assertThat(fp32.correctness().checks()).extracting(c -> c.metric().key()).containsExactly("nonFinite", "maxAbs", "rms", "psnrDb");
    assertThat(fp32.throughput().flopsPerCall()).isEqualTo(2.0 * 16 * 16 * 8);
    assertThat(fp32.throughput().bytesPerCall()).isEqualTo(4.0 * (16 * 8 + 8 * 16 + 16 * 16));
    assertThat(run.environment().devices()).extracting(d -> d.id().toString()).contains("cpu");
    assertThat(run.environment().gpubenchVersion()).isNotBlank();
    assertThat(byId(run).get("examples.GoodGemmBenchmark#gemm[m=16,n=16,k=8][TF32][cpu]").message())
        .contains("TF32");
  }

  @Test
  void aToleranceMissListsEveryMissedBoundWithItsFigures() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(TightToleranceBenchmark.class))
        .execute();

    Event failed = results.testEvents().failed().stream().findFirst().orElseThrow();
    String msg = failed.getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable()
        .orElseThrow().getMessage();
    assertThat(msg).startsWith("gemm [m=16,n=16,k=16, FP16, cpu] missed its tolerance:")
        .containsPattern("maxAbs \\S+ > allowed 1\\.000e-06")
        .containsPattern("rms \\S+ > allowed 1\\.000e-07")
        .containsPattern("psnrDb \\S+ < allowed 200\\.0")
        .doesNotContain("relL2");
    CaseResult r = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(r.status()).isEqualTo(CaseStatus.FAILED);
    assertThat(r.timing()).as("a tolerance miss is still timed").isNotNull();
    assertThat(r.correctness().checks()).filteredOn(c -> !c.passed()).extracting(c -> c.metric().key())
        .containsExactly("maxAbs", "rms", "psnrDb");
  }

  @Test
  void eachBrokenWorkloadFailsItsOwnCaseWithTheCause() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(MisbehavingBenchmark.class))
        .execute();

    results.testEvents().assertThatEvents()
        .haveExactly(1, event(displayName("correct [n=64, FP32, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("unwritten [n=64, FP32, cpu]"), finishedWithFailure(
            instanceOf(AssertionFailedError.class),
            message(m -> m.contains("nonFinite 32.00 > allowed 0.000 (32 of 64 output elements are NaN")))))
        .haveExactly(1, event(displayName("mutatesInput [n=64, FP32, cpu]"),
            finishedWithFailure(message(m -> m.contains("input 'x' was changed by the workload")))))
        .haveExactly(1, event(displayName("carriesState [n=64, FP32, cpu]"), finishedWithFailure(
            message(m -> m.contains("a later call disagrees with the checked call: maxAbs 0.5000 > allowed")))))
        .haveExactly(1, event(displayName("throwsError [n=64, FP32, cpu]"), finishedWithFailure(
            message("@Measure throwsError() failed in the checked call: IllegalStateException: kernel launch failed:"
                + " too many resources requested"))))
        .haveExactly(1, event(displayName("skipsItself [n=64, FP32, cpu]"),
            abortedWithReason(message("this library has no kernel for n = 64"))));

    Map<String, CaseResult> byWorkload = ResultsFile.read(out.resolve("results.json")).cases().stream()
        .collect(Collectors.toMap(CaseResult::workload, Function.identity()));
    assertThat(byWorkload).hasSize(6);
    assertThat(byWorkload.get("throwsError").status()).isEqualTo(CaseStatus.ERROR);
    assertThat(byWorkload.get("skipsItself").status()).isEqualTo(CaseStatus.SKIPPED);
    assertThat(byWorkload.get("carriesState").correctness().agreement().maxAbs())
        .isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(byWorkload.get("mutatesInput").correctness().inputsUnchanged()).isFalse();
  }

  @Test
  void aCaseForAnAbsentBackendIsSkippedWithTheReason() {
    EngineKit.gpubench(out).selectors(selectClass(CudaOnlyBenchmark.class)).execute().testEvents().assertThatEvents()
        .haveExactly(1, event(test(), skippedWithReason(
            "no backend provider for 'cuda' on the classpath (add io.gpubench:gpubench-cuda as a test dependency)")));
  }

  @Test
  void anOptInClassIsSkippedUnlessIncluded() {
    EngineKit.gpubench(out).selectors(selectClass(OptInBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(test(), skippedWithReason(r -> r.startsWith(
            "kept out of the default run (@GpuBenchmark(enabledByDefault = false)); run it with"
                + " gpubench.include=OptInBenchmark"))));
    EngineKit.gpubench(out).selectors(selectClass(OptInBenchmark.class))
        .configurationParameter("gpubench.include", "examples.OptIn*").execute().testEvents()
        .assertStatistics(s -> s.succeeded(1));
  }

  @Test
  void invalidClassesFailWhileTheOthersRun() {
    EngineExecutionResults results = EngineKit.gpubench(out)
        .selectors(selectPackage("examples.invalid"), selectClass(GoodGemmBenchmark.class)).execute();

    results.testEvents().assertStatistics(s -> s.succeeded(4).failed(15).skipped(2));
    results.testEvents().assertThatEvents().haveExactly(1, event(test("MalformedShapeBenchmark"),
        finishedWithFailure(message(m -> m.contains("@Shape: shape \"m=12,n=12x\"")))));
    assertThat(Files.exists(out.resolve("results.json"))).isTrue();
  }

  @Test
  void keyFiguresArePublishedAsReportEntries() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(OptInBenchmark.class))
        .configurationParameter("gpubench.include", "OptInBenchmark").execute();

    assertThat(results.allEvents().reportingEntryPublished().stream()
            .map(e -> e.getRequiredPayload(org.junit.platform.engine.reporting.ReportEntry.class).getKeyValuePairs()))
        .singleElement().satisfies(kv -> assertThat(kv).containsKeys("gpubench.median", "gpubench.trials",
            "gpubench.firstCall"));
  }

  @Test
  void trialOverridesFromTheConfigurationApply() {
    EngineKit.gpubench(out).selectors(selectClass(OptInBenchmark.class))
        .configurationParameter("gpubench.include", "OptInBenchmark")
        .configurationParameter("gpubench.trials.min", "7").configurationParameter("gpubench.trials.max", "7")
        .configurationParameter("gpubench.trials.calls-per-trial", "3")
        .configurationParameter("gpubench.trials.max-warmup-seconds", "0")
        .configurationParameter("gpubench.forks", "1").execute();

    CaseResult r = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(r.timing().trials()).hasSize(7);
    assertThat(r.timing().callsPerTrial()).isEqualTo(3);
    // A figure the workload recorded: one checked call, one more warm-up call, 7 trials of 3 calls, and the trials
    // measured again after the CPU's contention probe discarded them (none on a quiet machine).
    assertThat(r.metrics().get("calls").value()).isEqualTo(2.0 + (7 + r.timing().discardedTrials()) * 3);
    assertThat(r.timing().stop()).isIn(io.gpubench.api.result.StopReason.MAX_TRIALS,
        io.gpubench.api.result.StopReason.TARGET_REACHED);
  }

  @Test
  void aCpuCaseIsMeasuredInTwoForksAndItsIntervalSpansThem() {
    // Two forks declared, as the CPU's default is: two trials each of code barely warmed (two declared calls) may
    // time the interpreter in one fork and compiled code in the other, and forks that disagree by default take more.
    EngineKit.gpubench(out).selectors(selectClass(OptInBenchmark.class))
        .configurationParameter("gpubench.include", "OptInBenchmark")
        .configurationParameter("gpubench.forks", "2")
        .configurationParameter("gpubench.trials.max-warmup-seconds", "0").execute();

    CaseResult r = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(r.timing().forks()).hasSize(2).allSatisfy(f -> assertThat(f.trials()).isEqualTo(2));
    assertThat(r.timing().trials()).hasSize(4);
    assertThat(r.timing().host().n()).isEqualTo(4);
    assertThat(r.timing().stopDetail()).contains("fork 1: ").contains("fork 2: ").contains("across forks: 2 forks");
    assertThat(r.timing().callsPerTrial()).as("the engine's choice on the host clock").isGreaterThan(1);
    assertThat(out.resolve("workers")).isDirectoryContaining(p -> p.getFileName().toString().endsWith("-fork2.log"));
    // the workload's own count: each fork made its checked call, one warm-up call and its trials (and any trials it
    // measured again after the CPU's contention probe discarded them: none on a quiet machine)
    double calls = r.metrics().get("calls").value();
    int perTrial = r.timing().callsPerTrial();
    assertThat(calls).isGreaterThanOrEqualTo(2.0 + 2 * perTrial);
    assertThat((calls - 2) % perTrial).as("whole trials").isZero();
    assertThat((calls - 2) / perTrial).isLessThanOrEqualTo(2 + r.timing().discardedTrials());
  }

  @Test
  void aReferenceCanBeLoadedFromAStoredFile() {
    EngineKit.gpubench(out).selectors(selectClass(examples.StoredReferenceBenchmark.class),
            selectClass(examples.MissingResourceBenchmark.class)).execute().testEvents().assertThatEvents()
        .haveExactly(1, event(displayName("ramp [FP32, cpu]"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("one [FP32, cpu]"), finishedWithFailure(message(
            "@Reference stored() failed: IllegalArgumentException: resource 'no-such-reference.f32' not found beside"
                + " examples.MissingResourceBenchmark"))));
  }

  @Test
  void anUnknownPrecisionInTheConfigurationFailsTheRunNamingKeyAndValue() {
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class))
        .configurationParameter("gpubench.precisions", "fp32,fp12").execute();

    // The class fails with the key and value, as a test (what Surefire and IDEs show), and none of its cases runs.
    results.testEvents().assertStatistics(s -> s.started(1).failed(1));
    results.testEvents().assertThatEvents().haveExactly(1, event(test(GoodGemmBenchmark.class.getName()),
        finishedWithFailure(message(m -> m.contains(
            "configuration gpubench.precisions = \"fp12\" is invalid: unknown precision 'fp12'")))));
  }

  private static Map<String, CaseResult> byId(RunResult run) {
    return run.cases().stream().collect(Collectors.toMap(CaseResult::id, Function.identity()));
  }
}
