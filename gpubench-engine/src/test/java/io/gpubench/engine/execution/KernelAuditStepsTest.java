package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;

import examples.recording.FakeKernelBenchmark;
import examples.recording.UnauditedBenchmark;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.Instrumentation;
import io.gpubench.engine.correctness.Allowance;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.support.Frameworks;
import io.gpubench.results.select.CasePattern;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel audit and the trials' recorders as the driver runs them, over a fake device with an auditor and profiler
 * hooks (no GPU): one more call after the trials under the auditor, never inside them; a refused audit skipped with
 * its reason while the case passes; the class's attribute and the run's key turning it off; the profiler's ranges and
 * capture around the trials only.
 */
class KernelAuditStepsTest {
  @TempDir Path out;

  @BeforeEach
  void reset() {
    FakeGpu.EVENTS.clear();
    FakeGpu.LAUNCHES.set(0);
  }

  private CaseDriver.Outcome run(Class<?> type, FakeGpu.Device device, Instrumentation settings) {
    BenchmarkDeclaration decl = DeclarationReader.read(type);
    // the declared warm-up calls and calls per trial only, so that the test can count the launches
    TrialPolicy declared = decl.trials();
    TrialPolicy policy = new TrialPolicy(declared.warmup(), declared.min(), declared.max(), declared.target(),
        declared.confidence(), declared.budgetSeconds(), declared.callsPerTrial(), declared.cache(),
        declared.deviceTiming(), 0);
    CaseSpec spec = new CaseSpec(decl, decl.workloads().get(0), new Dimensions(Map.of()), Precision.FP32, device,
        Allowance.NONE, policy, 1, null, null);
    CaseDriver driver = new CaseDriver(20, new CaseRecording(settings, out));
    // as the runner does: the case's report once its outcome is decided
    return driver.reported(spec,
        driver.run(spec, new CaseSession(Backends.of(List.of(device)), Frameworks.none()), device.id()));
  }

  private static Instrumentation settings(Boolean audit, String capture, String jfr) {
    return new Instrumentation(Optional.ofNullable(audit),
        new Instrumentation.Selection(Constants.PROFILER_CAPTURE, false, CasePattern.list(capture)),
        new Instrumentation.Selection(Constants.JFR, false, CasePattern.list(jfr)));
  }

  private static Instrumentation defaults() {
    return settings(null, "", "");
  }

  @Test
  void theAuditIsOneMoreCallAfterTheTrialsAndItsTableIsInTheResult() {
    CaseDriver.Outcome o = run(FakeKernelBenchmark.class, new FakeGpu.Device(false, null), defaults());

    CaseResult r = o.result();
    assertThat(r.status()).as(r.message()).isEqualTo(CaseStatus.PASSED);
    KernelAudit a = r.audit();
    assertThat(a.isSkipped()).isFalse();
    assertThat(a.kernels()).singleElement().satisfies(k -> {
      assertThat(k.name()).isEqualTo("fake_kernel");
      assertThat(k.countPerCall()).as("one call under the audit").isEqualTo(1.0);
    });
    // trials measured: those kept and those discarded as contended (a loaded machine) and measured again
    int trials = r.timing().trials().size() + r.timing().discardedTrials();
    // checked call + 1 more warm-up + the trials of 2 calls, all before the audit started
    assertThat(a.attribution().notes()).containsExactly("launches before the audit: " + (2 + trials * 2));
    assertThat(FakeGpu.LAUNCHES.get()).as("and the final agreement check has no reference to run for")
        .isEqualTo(2 + trials * 2 + 1);
    assertThat(FakeGpu.EVENTS).containsExactly(
        "push " + r.id() + " trials", "pop " + r.id() + " trials",
        "push " + r.id() + " kernel audit", "audit start", "audit stop", "pop " + r.id() + " kernel audit");
    // (a loaded machine may add "contended": the fake GPU's trials are host-timed, as the CPU's)
    assertThat(r.flags()).filteredOn(f -> !f.aboutDeviceState()).isEmpty();
    // an audited case gets its own report, published as a file entry
    assertThat(o.files()).singleElement().satisfies(f -> {
      assertThat(f.mediaType()).isEqualTo("text/markdown");
      assertThat(Path.of(f.path())).startsWith(out.toAbsolutePath().resolve("cases")).hasFileName("report.md");
      assertThat(Path.of(f.path())).content().contains("fake\\_kernel", "launches before the audit: ");
    });
  }

  @Test
  void aPreviousRunsFilesOfTheCaseAreRemovedBeforeItRunsAndOtherCasesFilesAreLeftAlone() throws Exception {
    CaseDriver.Outcome first = run(FakeKernelBenchmark.class, new FakeGpu.Device(false, null),
        settings(null, "", "FakeKernelBenchmark"));
    Path dir = Path.of(first.files().get(0).path()).getParent();
    Path other = Files.createDirectories(dir.resolveSibling("Other.case-FP32-cpu-00000000")).resolve("trials.jfr");
    Files.writeString(other, "another case's recording");

    run(FakeKernelBenchmark.class, new FakeGpu.Device(false, null), defaults());

    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("report.md");
    }
    assertThat(other).exists();
  }

  @Test
  void aRefusedAuditIsSkippedWithItsReasonAndTheCasePasses() {
    CaseDriver.Outcome o = run(FakeKernelBenchmark.class, new FakeGpu.Device(true, null), defaults());

    assertThat(o.result().status()).isEqualTo(CaseStatus.PASSED);
    assertThat(o.result().audit().skipReason()).isEqualTo(FakeGpu.REFUSED);
    assertThat(o.result().timing()).isNotNull();
    assertThat(o.files()).as("nothing to report beside the results").isEmpty();
  }

  @Test
  void aCallThatThrowsUnderTheAuditFailsTheCaseNamingTheAuditAndHowToTurnItOff() {
    CaseDriver.Outcome o = run(examples.recording.ThrowsUnderAuditBenchmark.class, new FakeGpu.Device(false, null),
        defaults());

    assertThat(o.result().status()).isEqualTo(CaseStatus.ERROR);
    assertThat(o.result().message()).isEqualTo("@Measure kernel() failed in the kernel audit's call (after the trials;"
        + " gpubench.audit=false or @GpuBenchmark(audit = false) turns it off): IllegalStateException: a launch failed"
        + " under the audit");
    assertThat(FakeGpu.EVENTS).as("the audit is stopped all the same").containsSubsequence("audit start",
        "audit stop");
  }

  @Test
  void theClassesAttributeTurnsTheAuditOffAndTheRunsKeyOverridesItEitherWay() {
    CaseDriver.Outcome off = run(UnauditedBenchmark.class, new FakeGpu.Device(false, null), defaults());
    assertThat(off.result().audit().skipReason())
        .isEqualTo("turned off: @GpuBenchmark(audit = false) on UnauditedBenchmark");
    assertThat(FakeGpu.EVENTS).doesNotContain("audit start");

    FakeGpu.EVENTS.clear();
    CaseDriver.Outcome forced = run(UnauditedBenchmark.class, new FakeGpu.Device(false, null),
        settings(true, "", ""));
    assertThat(forced.result().audit().isSkipped()).isFalse();

    CaseDriver.Outcome keyOff = run(FakeKernelBenchmark.class, new FakeGpu.Device(false, null),
        settings(false, "", ""));
    assertThat(keyOff.result().audit().skipReason()).isEqualTo("turned off: gpubench.audit=false");
  }

  @Test
  void aSelectedCasesTrialsAreACaptureRangeInsideItsNamedRangeAndTheFiguresAreFlagged() {
    CaseDriver.Outcome o = run(FakeKernelBenchmark.class, new FakeGpu.Device(false, "FakeSight"),
        settings(null, "FakeKernel*", ""));

    String id = o.result().id();
    // the range inside the capture, so that a capture ending at cuProfilerStop holds it
    assertThat(FakeGpu.EVENTS).containsSubsequence("capture start", "push " + id + " trials", "pop " + id + " trials",
        "capture stop", "audit start");
    assertThat(o.result().flags()).filteredOn(f -> !f.aboutDeviceState()).singleElement().satisfies(f -> {
      assertThat(f.code()).isEqualTo("profiled");
      assertThat(f.detail()).isEqualTo("a capture by FakeSight ran during the trials: their overhead is in the figures");
    });
    assertThat(o.notes()).isEmpty();
  }

  @Test
  void aCaptureWithoutAProfilerAttachedSaysHowToAttachOneAndFlagsNothing() {
    CaseDriver.Outcome o = run(FakeKernelBenchmark.class, new FakeGpu.Device(false, null), settings(null, "*", ""));

    assertThat(FakeGpu.EVENTS).contains("capture start", "capture stop");
    assertThat(o.result().flags()).as("not profiled").filteredOn(f -> !f.aboutDeviceState()).isEmpty();
    assertThat(o.notes()).singleElement().asString()
        .contains("no profiler is attached", "nsys profile --capture-range=cudaProfilerApi");
  }

  @Test
  void aCaseTheCaptureDoesNotSelectIsNotCaptured() {
    run(FakeKernelBenchmark.class, new FakeGpu.Device(false, "FakeSight"), settings(null, "SomethingElse#*", ""));
    assertThat(FakeGpu.EVENTS).doesNotContain("capture start");
  }

  @Test
  void aJfrRecordingOfTheTrialsIsAFileOfTheCaseAndFlagsItsFigures() throws Exception {
    CaseDriver.Outcome o = run(FakeKernelBenchmark.class, new FakeGpu.Device(false, null),
        settings(null, "", "FakeKernelBenchmark"));

    assertThat(o.files()).extracting(f -> Path.of(f.path()).getFileName().toString())
        .containsExactly("report.md", "trials.jfr");
    Path jfr = Path.of(o.files().get(1).path());
    assertThat(Files.size(jfr)).isPositive();
    assertThat(jdk.jfr.consumer.RecordingFile.readAllEvents(jfr)).isNotEmpty();
    // "contended" may join it: the recording's own threads can slow the CPU's contention probe on a loaded machine
    assertThat(o.result().flags()).extracting(io.gpubench.api.result.Flag::code).contains("profiled")
        .isSubsetOf("profiled", "contended");
    assertThat(Path.of(o.files().get(0).path())).content().contains("- trials.jfr");
  }

  @Test
  void theChannelsDefaultsRecordNothingForARunnerThatCannot() throws Exception {
    io.gpubench.engine.protocol.CaseChannel bare = new io.gpubench.engine.protocol.CaseChannel() {
      @Override
      public Steps.Prepared prepare(io.gpubench.engine.protocol.CaseRequest request) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.Checked checkedCall() {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.Warmed warmup(int calls) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.Settled settle(Steps.SettlePlan plan) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.Started startTrials(Steps.TrialsPlan plan) {
        return new Steps.Started(plan.callsPerTrial(), 0);
      }

      @Override
      public Steps.TrialBatch trials(Steps.TrialsAsk ask) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.TrialsEnded endTrials() {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.Finished finish() {
        throw new UnsupportedOperationException();
      }

      @Override
      public Steps.Released abandon() {
        return new Steps.Released(null, null);
      }
    };
    bare.instrument(new Steps.Instruments("x", null, true, true));
    assertThat(bare.collect(new Steps.AuditRequest(true, null))).isEqualTo(Steps.Collected.NONE);
  }
}
