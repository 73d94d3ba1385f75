package io.gpubench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.protocol.FailingPhasesBenchmark;
import examples.protocol.HugeShapeBenchmark;
import examples.protocol.MutatesHostInputBenchmark;
import io.gpubench.api.result.CaseResult;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the execution side owes issue 9 ("Verdicts a team can trust"): failures that name their phase and member,
 * a reference that is not finite named as such, inputs made with {@code ctx.fromHost} checked like the others,
 * shapes that cannot be allocated named by axis and value, a failing {@code @TearDown} that is not only a log line.
 * The worker protocol (issue 10) gives all but the last; the one still disabled says what it expects.
 */
class ProtocolMessagesTest {
  @TempDir Path out;

  @Test
  void aSetupFailureNamesThePhaseAndTheMethod() {
    EngineKit.gpubench(out).selectors(selectClass(FailingPhasesBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(displayName("run [phase=1, FP32, cpu]"), finishedWithFailure(
            message("@Setup setup() failed: IllegalStateException: no such device memory pool"))));
  }

  @Test
  void aReferenceFailureNamesThePhaseAndTheMethod() {
    EngineKit.gpubench(out).selectors(selectClass(FailingPhasesBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(displayName("run [phase=2, FP32, cpu]"), finishedWithFailure(
            message("@Reference expected() failed: IllegalStateException: reference library missing"))));
  }

  @Test
  void aTearDownFailureFailsTheCaseNamingTheMethod() {
    EngineKit.gpubench(out).selectors(selectClass(FailingPhasesBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(displayName("run [phase=3, FP32, cpu]"), finishedWithFailure(
            message(m -> m.contains("@TearDown release() failed: IllegalStateException: double free")))));
  }

  @Test
  void aReferenceThatIsNotFiniteIsNamedAsSuch() {
    EngineKit.gpubench(out).selectors(selectClass(FailingPhasesBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(displayName("run [phase=4, FP32, cpu]"), finishedWithFailure(
            message(m -> m.contains("is not finite: 1 of 1 elements are NaN or infinite")
                && !m.contains("maxAbs NaN")))));
  }

  @Test
  void anInputMadeFromHostValuesIsCheckedAndNoCheckIsClaimedThatWasNotMade() {
    EngineKit.gpubench(out).selectors(selectClass(MutatesHostInputBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(displayName("scale [FP32, cpu]"), finishedWithFailure(
            message(m -> m.contains("input 'x' was changed by the workload")))));
    CaseResult r = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(r.correctness().inputsUnchanged()).isFalse();
  }

  @Test
  void aShapeTooLargeToAllocateNamesItsAxesAndValues() {
    EngineKit.gpubench(out).selectors(selectClass(HugeShapeBenchmark.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(displayName("run [m=65536,n=65536, FP32, cpu]"),
            finishedWithFailure(message(m -> m.contains("'a'") && m.contains("m=65536") && m.contains("n=65536")))));
  }
}
