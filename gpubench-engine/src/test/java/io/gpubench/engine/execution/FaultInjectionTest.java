package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.faults.Hangs;
import examples.faults.HostileExceptions;
import examples.faults.ProcessKillers;
import examples.faults.SetupHangs;
import examples.faults.SetupThrows;
import examples.faults.TearDownThrows;
import examples.faults.VmErrors;
import examples.faults.WorkerCannotStart;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Events;

/**
 * One run over fixture classes that each break their worker in another way: throw in a phase, hang, exit, halt,
 * abort in native code, run out of memory or stack, fail to start. Exactly the faulty case fails, with the cause in
 * its message; every other case passes; the run finishes, and results.json and the journal hold every case.
 */
class FaultInjectionTest {
  @TempDir static Path out;
  static Events events;

  @BeforeAll
  static void runOnce() {
    events = EngineKit.gpubench(out).selectors(selectClass(SetupThrows.class), selectClass(TearDownThrows.class),
        selectClass(HostileExceptions.class), selectClass(Hangs.class), selectClass(SetupHangs.class),
        selectClass(ProcessKillers.class), selectClass(VmErrors.class), selectClass(WorkerCannotStart.class))
        .execute().testEvents();
  }

  private static Map<String, CaseResult> results() {
    return ResultsFile.read(out.resolve("results.json")).cases().stream()
        .collect(Collectors.toMap(c -> c.benchmark().replace("examples.faults.", "") + "#" + c.workload(),
            Function.identity()));
  }

  @Test
  void aThrowingPhaseIsNamedWithItsMember() {
    events.assertThatEvents()
        .haveExactly(1, event(finishedWithFailure(message(
            "@Setup upload() failed: IllegalStateException: no device memory left for the inputs"))))
        .haveExactly(1, event(finishedWithFailure(message(
            "@TearDown release() failed: IllegalStateException: double free of the workspace"))));
  }

  @Test
  void hostileExceptionsAreDescribedAndTheCorrectWorkloadPasses() {
    Map<String, CaseResult> r = results();
    assertThat(r.get("HostileExceptions#causeCycle").message())
        .isEqualTo("@Measure causeCycle() failed in the checked call: RuntimeException: a <- RuntimeException: b"
            + " <- (cause cycle)");
    assertThat(r.get("HostileExceptions#throwingGetMessage").message())
        .as("an anonymous class named by what it extends and where, not as an empty type")
        .startsWith("@Measure throwingGetMessage() failed in the checked call: anonymous IllegalStateException in "
            + "examples.faults.HostileExceptions: ")
        .contains("(getMessage() threw UnsupportedOperationException)");
    assertThat(r.get("HostileExceptions#hugeMessage").message()).hasSizeLessThan(3_000).contains("more characters");
    assertThat(r.get("HostileExceptions#correct").status()).isEqualTo(CaseStatus.PASSED);
  }

  @Test
  void aHangFailsItsCaseWithTheTimeLimitThePhaseAndTheHangingFrame() {
    Map<String, CaseResult> r = results();
    assertThat(r.get("Hangs#spinsForever").message())
        .startsWith("@Measure spinsForever() failed in warm-up: timed out after 8 s; the worker was stopped.")
        .contains("examples.faults.Hangs.spinInFixtureCode");
    assertThat(r.get("Hangs#correct").status()).isEqualTo(CaseStatus.PASSED);
    // Steady, or cut short by its cap (its share of the case's budget): either way well within the step limit.
    // The limit is a step's, so a fork's: the case's warm-up figure is the sum over its forks (two forks of 4.004 s
    // read 8.008 s in CI).
    assertThat(r.get("Hangs#correct").timing().forks()).isNotEmpty().allSatisfy(fork -> assertThat(
        fork.warmup().seconds()).as("each fork's warm-up fits the 8 s step limit").isLessThan(8));
    assertThat(r.get("Hangs#correct").timing().warmup().detail()).containsAnyOf("steady after", "the cap of");
    assertThat(r.get("SetupHangs#work").message())
        .startsWith("@Setup failed: timed out after 8 s; the worker was stopped.")
        .contains("waitForADeviceThatNeverComes");
  }

  @Test
  void aWorkerThatDiesCostsOnlyItsCase() {
    Map<String, CaseResult> r = results();
    assertThat(r.get("ProcessKillers#exits").message())
        .startsWith("@Measure exits() failed in the checked call: the worker process exited with code 3");
    assertThat(r.get("ProcessKillers#halts").message()).contains("the worker process exited with code 4");
    assertThat(r.get("ProcessKillers#abortsInNativeCode").message())
        .contains("the worker process exited with code 134 (SIGABRT)");
    assertThat(r.get("ProcessKillers#correct").status()).isEqualTo(CaseStatus.PASSED);
    assertThat(r.get("ProcessKillers#correctAfterThem").status()).isEqualTo(CaseStatus.PASSED);
  }

  @Test
  void virtualMachineErrorsFailTheirCaseAndTheNextRunsInANewWorker() {
    Map<String, CaseResult> r = results();
    assertThat(r.get("VmErrors#outOfMemory").message()).contains("OutOfMemoryError");
    assertThat(r.get("VmErrors#stackOverflow").message()).contains("StackOverflowError");
    assertThat(r.get("VmErrors#correct").status()).isEqualTo(CaseStatus.PASSED);
  }

  @Test
  void aWorkerThatCannotStartSaysWhy() {
    assertThat(results().get("WorkerCannotStart#work").message())
        .startsWith("starting its worker failed: the worker process exited with code 1")
        .contains("NoSuchOptionForGpubench");
  }

  @Test
  void theRunFinishesAndEveryCaseIsInTheResultsAndTheJournal() {
    Map<String, CaseResult> r = results();
    assertThat(r).hasSize(18);
    List<JournalRun> journals = Journals.in(out, null);
    assertThat(journals).hasSize(1);
    assertThat(journals.get(0).complete()).isTrue();
    assertThat(journals.get(0).run().cases()).hasSize(18);
    long passed = r.values().stream().filter(c -> c.status() == CaseStatus.PASSED).count();
    assertThat(passed).as("the correct workloads").isEqualTo(5);
    events.assertStatistics(s -> s.started(18).succeeded(5).failed(13));
    events.assertThatEvents().haveExactly(5, event(finishedSuccessfully()));
  }
}
