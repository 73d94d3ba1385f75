package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.WarmupEnd;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WarmupRuleTest {

  private static WarmupRule.Round round(double perCall, double compilerCpuMillis) {
    return new WarmupRule.Round(perCall, compilerCpuMillis > 0 ? compilerCpuMillis : 0, compilerCpuMillis, 0.1);
  }

  @Test
  void flatTimesAndAQuietJitAreSteadyAfterThreeRounds() {
    WarmupRule rule = new WarmupRule(10);
    assertThat(rule.add(round(100, 0), 0.1)).isEmpty();
    assertThat(rule.add(round(101, 0), 0.2)).isEmpty();
    Optional<WarmupRule.Decision> d = rule.add(round(99, 0), 0.3);
    assertThat(d).get().extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
    assertThat(d.get().detail()).startsWith("steady after 3 rounds (0.30 s): 99.0 ns per call, -1.0% against the round"
        + " 2 before; the JIT's compiler threads ran 0.0 ms in the last 2 rounds");
  }

  @Test
  void aRoundTheCapCutShortEndsTheWarmUpAtTheCapHoweverFlatItLooks() {
    WarmupRule rule = new WarmupRule(0.09);
    rule.add(round(150_000, 0), 0.03);
    rule.add(round(170_000, 0), 0.06);
    rule.add(round(183_000, 0), 0.0895);
    // at the cap the rounds are a call each: flat over 0.4 ms, the time still rising over the rounds before
    WarmupRule.Decision d = rule.addCut(new WarmupRule.Round(183_300, 0, 0, 0, 0.0002, true), 0.0897);
    assertThat(d.end()).isEqualTo(WarmupEnd.CAP);
    assertThat(d.detail()).contains("the cap of 0.0900 s was reached after 4 rounds",
        "its last round cut short by the cap (0.000200 s), too short to show the time per call steady");
    // the same round, not cut, would have been called steady: the rule itself compares rounds two apart
    WarmupRule uncut = new WarmupRule(0.09);
    uncut.add(round(150_000, 0), 0.03);
    uncut.add(round(183_000, 0), 0.06);
    uncut.add(round(183_000, 0), 0.0895);
    assertThat(uncut.add(new WarmupRule.Round(183_300, 0, 0, 0, 0.0002, true), 0.0897)).get()
        .extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
  }

  @Test
  void aLoopNotYetDueForC2HoldsTheWarmUpBackThoughFlatAndQuiet() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(new WarmupRule.Round(34_000, 0, 0, 0, 0.1, false), 0.1);
    rule.add(new WarmupRule.Round(34_000, 0, 0, 0, 0.1, false), 0.2);
    assertThat(rule.add(new WarmupRule.Round(34_000, 0, 0, 0, 0.1, true), 0.3)).as("the window began early")
        .isEmpty();
    // C2 compiles the loop with the kernel inlined: busy, then twice as fast
    assertThat(rule.add(new WarmupRule.Round(34_000, 0, 40, 0, 0.1, true), 0.4)).isEmpty();
    assertThat(rule.add(new WarmupRule.Round(17_000, 0, 0, 0, 0.1, true), 0.5)).isEmpty();
    assertThat(rule.add(new WarmupRule.Round(17_000, 0, 0, 0, 0.1, true), 0.6)).isEmpty();
    assertThat(rule.add(new WarmupRule.Round(17_000, 0, 0, 0, 0.1, true), 0.7)).get()
        .extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
    WarmupRule capped = new WarmupRule(0.25);
    capped.add(new WarmupRule.Round(34_000, 0, 0, 0, 0.1, false), 0.1);
    capped.add(new WarmupRule.Round(34_000, 0, 0, 0, 0.1, false), 0.2);
    assertThat(capped.add(new WarmupRule.Round(34_000, 0, 0, 0, 0.1, false), 0.3)).get()
        .extracting(WarmupRule.Decision::detail).asString()
        .endsWith("not yet steady: the trial loop had not yet been run often enough for C2 to compile it");
  }

  @Test
  void timesThatStillFallHoldTheWarmUpBack() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(round(400, 0), 0.1);
    rule.add(round(300, 0), 0.2);
    assertThat(rule.add(round(200, 0), 0.3)).as("50% below the round two before").isEmpty();
    assertThat(rule.add(round(199, 0), 0.4)).as("34% below the round two before").isEmpty();
    assertThat(rule.add(round(198, 0), 0.5)).as("1% below the round two before").get()
        .extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
  }

  @Test
  void aCompilationInFlightHoldsTheWarmUpBackWhileTheTimesAreFlat() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(round(100, 0), 0.1);
    rule.add(round(100, 0), 0.2);
    // C2 compiles the kernel: the calls run at C1's speed, flat, while a compiler thread is busy
    assertThat(rule.add(round(100, 60), 0.3)).isEmpty();
    assertThat(rule.add(round(100, 3), 0.4)).as("the window still holds the 60 ms").isEmpty();
    assertThat(rule.add(round(40, 0), 0.5)).as("C2's code: faster").isEmpty();
    assertThat(rule.add(round(40, 0), 0.6)).isEmpty();
    assertThat(rule.add(round(40, 0), 0.7)).get().extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
  }

  @Test
  void aCompilerThreadWaitingForACpuHoldsTheWarmUpBackThoughItUsesNone() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(new WarmupRule.Round(100, 0, 0, 0, 0.1), 0.1);
    rule.add(new WarmupRule.Round(100, 0, 0, 1, 0.1), 0.2);
    Optional<WarmupRule.Decision> capped = rule.add(new WarmupRule.Round(100, 0, 0, 0, 0.1), 10);
    assertThat(capped).get().extracting(WarmupRule.Decision::detail).asString()
        .endsWith("and 1 compiler thread was still runnable");
    WarmupRule next = new WarmupRule(10);
    next.add(new WarmupRule.Round(100, 0, 0, 1, 0.1), 0.1);
    next.add(new WarmupRule.Round(100, 0, 0, 0, 0.1), 0.2);
    assertThat(next.add(new WarmupRule.Round(100, 0, 0, 0, 0.1), 0.3)).as("the window is the last 2 rounds")
        .isPresent();
  }

  @Test
  void aTrickleOfSmallCompilationsUnderTheShareIsQuiet() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(round(100, 1), 0.1);
    rule.add(round(100, 1), 0.2);
    assertThat(rule.add(round(100, 1), 0.3)).as("2 ms of 200 ms is 1%").isPresent();
  }

  @Test
  void theCapEndsAWarmUpThatNeverSettlesAndSaysWhichCriterionFailed() {
    WarmupRule rule = new WarmupRule(0.25);
    rule.add(round(300, 50), 0.1);
    rule.add(round(200, 50), 0.2);
    Optional<WarmupRule.Decision> d = rule.add(round(100, 50), 0.3);
    assertThat(d).get().extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.CAP);
    assertThat(d.get().detail()).isEqualTo("the cap of 0.250 s was reached after 3 rounds (0.30 s), not yet steady:"
        + " the time per call still falls (100 ns, 66.7% below 300 ns 2 rounds before); the JIT's compiler threads"
        + " ran 100.0 ms in the last 2 rounds (0.200 s; quiet is at most 2%)");
  }

  @Test
  void withoutTheCompilerThreadsEndedCompilationsStandIn() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(new WarmupRule.Round(100, 0, -1, 0.1), 0.1);
    rule.add(new WarmupRule.Round(100, 30, -1, 0.1), 0.2);
    assertThat(rule.add(new WarmupRule.Round(100, 0, -1, 0.1), 0.3)).as("30 ms ended in the window").isEmpty();
    Optional<WarmupRule.Decision> d = rule.add(new WarmupRule.Round(100, 0, -1, 0.1), 0.4);
    assertThat(d).get().extracting(WarmupRule.Decision::detail).asString().contains("compilations of 0 ms ended");
  }

  @Test
  void aJvmThatSaysNothingOfItsJitIsJudgedOnTheTimesAndSaysSo() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(new WarmupRule.Round(100, -1, -1, 0.1), 0.1);
    rule.add(new WarmupRule.Round(100, -1, -1, 0.1), 0.2);
    assertThat(rule.add(new WarmupRule.Round(100, -1, -1, 0.1), 0.3)).get()
        .extracting(WarmupRule.Decision::detail).asString().endsWith("the JIT's activity is unknown in this JVM");
  }

  /**
   * Issue 23: a fork was called "steady after 17 rounds … +378.7% against the round 2 before", and its trials timed the
   * slower code. A time that rises is code that changed, not steady code.
   */
  @Test
  void aRisingTimeIsNeverSteadyAndTheCapSaysItRose() {
    WarmupRule rule = new WarmupRule(10);
    rule.add(round(1_120, 0), 0.1);
    rule.add(round(1_130, 0), 0.2);
    assertThat(rule.add(round(5_360, 0), 0.3)).as("+378.7% against the round 2 before").isEmpty();
    assertThat(rule.add(round(5_360, 0), 0.4)).as("still +374% against the round 2 before").isEmpty();
    assertThat(rule.add(round(5_370, 0), 0.5)).as("flat at the slower code now").get()
        .extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
    WarmupRule capped = new WarmupRule(0.25);
    capped.add(round(100, 0), 0.1);
    capped.add(round(100, 0), 0.2);
    assertThat(capped.add(round(130, 0), 0.3)).get().extracting(WarmupRule.Decision::detail).asString()
        .contains("the time per call rises (130 ns, 30.0% above 100 ns 2 rounds before)");
    WarmupRule noisy = new WarmupRule(10);
    noisy.add(round(100, 0), 0.1);
    noisy.add(round(100, 0), 0.2);
    assertThat(noisy.add(round(104, 0), 0.3)).as("a loaded machine's few percent are flat").isPresent();
  }

  @Test
  void aCompiledLoopWhoseTimesMoveBothWaysWithTheJitQuietIsSteadyAsTheMachinesNoise() {
    // an empty call's loop compiled by earlier cases, its rounds following the other vCPU (2026-12-07, AMD EPYC)
    WarmupRule rule = new WarmupRule(10, true);
    assertThat(rule.add(round(0.381, 0), 0.1)).isEmpty();
    assertThat(rule.add(round(0.383, 0), 0.2)).isEmpty();
    Optional<WarmupRule.Decision> d = rule.add(round(0.344, 0), 0.3);
    assertThat(d).get().extracting(WarmupRule.Decision::end).isEqualTo(WarmupEnd.STEADY);
    assertThat(d.get().detail()).contains("-9.7% against the round 2 before, the times moving both ways (0.381 ns,"
        + " 0.383 ns, 0.344 ns)", "the machine's noise, not a trend");
    // down, then up past where it began
    WarmupRule up = new WarmupRule(10, true);
    up.add(round(0.20, 0), 0.1);
    up.add(round(0.19, 0), 0.2);
    assertThat(up.add(round(0.27, 0), 0.3)).get().extracting(WarmupRule.Decision::end)
        .isEqualTo(WarmupEnd.STEADY);
  }

  @Test
  void aTrendThroughTheWindowHoldsACompiledLoopBack() {
    WarmupRule rising = new WarmupRule(10, true);
    rising.add(round(100, 0), 0.1);
    rising.add(round(140, 0), 0.2);
    assertThat(rising.add(round(478, 0), 0.3)).as("rising through the window: never steady").isEmpty();
    WarmupRule falling = new WarmupRule(10, true);
    falling.add(round(300, 0), 0.1);
    falling.add(round(250, 0), 0.2);
    assertThat(falling.add(round(200, 0), 0.3)).as("falling through the window").isEmpty();
  }

  @Test
  void timesThatMoveBothWaysAreNoNoiseWhileTheJitCompilesOrForALoopNotCompiledBefore() {
    WarmupRule compiling = new WarmupRule(10, true);
    compiling.add(round(0.38, 0), 0.1);
    compiling.add(round(0.30, 30), 0.2);
    assertThat(compiling.add(round(0.33, 0), 0.3)).as("a compilation in the window").isEmpty();
    WarmupRule fresh = new WarmupRule(10);
    fresh.add(round(0.38, 0), 0.1);
    fresh.add(round(0.30, 0), 0.2);
    assertThat(fresh.add(round(0.33, 0), 0.3)).as("a loop compiled in this warm-up: its fall may go on").isEmpty();
  }
}
