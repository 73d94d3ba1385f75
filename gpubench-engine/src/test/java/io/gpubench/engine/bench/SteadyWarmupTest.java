package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.CallsPerTrial;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rounds of warm-up until steady, over a fake runner: their sizes, the calls per trial, the end. */
class SteadyWarmupTest {

  /** A runner whose calls get faster until a round, and whose JIT compiles until another; time is simulated. */
  static class FakeRounds implements SteadyWarmup.Rounds {
    final List<int[]> asked = new ArrayList<>();
    final double slowNanos;
    final double fastNanos;
    final int fastFromRound;
    final int quietFromRound;
    final long[] counts;

    FakeRounds(double slowNanos, double fastNanos, int fastFromRound, int quietFromRound) {
      this(slowNanos, fastNanos, fastFromRound, quietFromRound, 1_000_000);
    }

    /** A runner whose trial loop had made {@code runsBefore} runs of a call each (another shape's, say). */
    FakeRounds(double slowNanos, double fastNanos, int fastFromRound, int quietFromRound, long runsBefore) {
      this.slowNanos = slowNanos;
      this.fastNanos = fastNanos;
      this.fastFromRound = fastFromRound;
      this.quietFromRound = quietFromRound;
      this.counts = new long[] {runsBefore, runsBefore};
    }

    long[] counts() {
      return counts.clone();
    }

    Steps.Settled settle(Steps.SettleRequest request) throws Throwable {
      // no wait: rounds beside whatever compiles
      return SteadyWarmup.run(request, this, JitThresholds.hotSpotDefaults(), this::counts,
          deadline -> SteadyWarmup.Pause.NONE);
    }

    @Override
    public Steps.Round make(int batches, int callsPerBatch, long deadlineNanos) {
      int round = asked.size();
      asked.add(new int[] {batches, callsPerBatch});
      double perCall = round < fastFromRound ? slowNanos : fastNanos;
      double seconds = perCall * batches * callsPerBatch * 1e-9;
      double compiler = round < quietFromRound ? seconds * 1e3 * 0.5 : 0;
      counts[0] += batches;
      counts[1] += (long) batches * callsPerBatch;
      return new Steps.Round(batches, callsPerBatch, perCall, compiler > 0 ? 1 : 0, compiler, compiler > 0 ? 1 : 0,
          seconds);
    }
  }

  @Test
  void aCaseThatIsSteadyFromTheStartEndsAfterThreeShortRounds() throws Throwable {
    FakeRounds runner = new FakeRounds(50, 50, 0, 0);
    Steps.Settled s = runner.settle(new Steps.SettleRequest(10, 0, 50, 1, true, Steps.Reserve.NONE));

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).hasSize(3);
    assertThat(s.seconds()).isLessThan(0.01);
    assertThat(s.callsPerTrial()).as("a tenth of a millisecond of 50 ns calls").isEqualTo(2_000);
    assertThat(s.atOnce()).as("the loop was due before the first round").isTrue();
    // two batches sized the calls per trial (1 call, then 2,000: a tenth of a millisecond); the rounds used 2,000
    assertThat(runner.asked.subList(0, 2)).containsExactly(new int[] {1, 1}, new int[] {1, 2_000});
    assertThat(s.rounds()).allSatisfy(r -> assertThat(r.callsPerBatch()).isEqualTo(2_000));
    assertThat(s.detail()).startsWith("steady after 3 rounds").contains("50.0 ns per call")
        .endsWith("the trial loop was due for C2 after 1,000,002 runs and 1,002,001 calls in this JVM");
  }

  @Test
  void steadyAtOnceTakesAQuietJitOrTimesAsFastAtOnceAsEvidenceThatNothingChanged() throws Throwable {
    // the loop compiled before, the JIT quiet throughout; the first rounds 6% slower (a cache filling, a busy core)
    FakeRounds slowStart = new FakeRounds(53, 50, 3, 0);
    Steps.Settled s = slowStart.settle(new Steps.SettleRequest(10, 0, 50, 2_000, false, Steps.Reserve.NONE));
    assertThat(s.steady()).isTrue();
    assertThat(s.atOnce()).as("nothing compiled: a second JVM would time the same code").isTrue();

    // a compilation during the first round, after which the calls ran 20% faster: the code the trials time is new,
    // and a second fork may find another outcome
    FakeRounds compiling = new FakeRounds(60, 50, 1, 1);
    Steps.Settled c = compiling.settle(new Steps.SettleRequest(10, 0, 50, 2_000, false, Steps.Reserve.NONE));
    assertThat(c.steady()).isTrue();
    assertThat(c.atOnce()).isFalse();

    // the same at 11% (60.5 → 54.5 ns: past the forks' least ratio of a disagreement, 1.10) and at 9% (59.5 → 54.5 ns:
    // short of it, a difference forks call agreement, so no second fork is measured to find it)
    FakeRounds past = new FakeRounds(60.5, 54.5, 1, 1);
    assertThat(past.settle(new Steps.SettleRequest(10, 0, 50, 2_000, false, Steps.Reserve.NONE)).atOnce()).isFalse();
    FakeRounds within = new FakeRounds(59.5, 54.5, 1, 1);
    Steps.Settled w = within.settle(new Steps.SettleRequest(10, 0, 50, 2_000, false, Steps.Reserve.NONE));
    assertThat(w.steady()).isTrue();
    assertThat(w.atOnce()).isTrue();

    // an empty call: a compilation beside the first round, which read 0.33 ns against the last's 0.20 ns (1.65x) —
    // less than the harness resolves, so as fast; 0.60 → 0.30 ns (0.30 ns apart) is not
    FakeRounds empty = new FakeRounds(0.33, 0.20, 1, 1);
    Steps.Settled e = empty.settle(new Steps.SettleRequest(10, 0, 0.2, 500_000, false, Steps.Reserve.NONE));
    assertThat(e.steady()).isTrue();
    assertThat(e.atOnce()).isTrue();
    FakeRounds resolved = new FakeRounds(0.60, 0.30, 1, 1);
    assertThat(resolved.settle(new Steps.SettleRequest(10, 0, 0.3, 500_000, false, Steps.Reserve.NONE)).atOnce())
        .isFalse();

    // something else compiled in the first round, and the calls ran as fast then as at the end
    FakeRounds otherCode = new FakeRounds(50, 50, 0, 1);
    assertThat(otherCode.settle(new Steps.SettleRequest(10, 0, 50, 2_000, false, Steps.Reserve.NONE)).atOnce())
        .isTrue();
  }

  /** A JIT that compiles for a while whenever it is waited for: each wait is recorded. */
  static final class FakeJit implements SteadyWarmup.JitWait {
    final List<Long> waits = new ArrayList<>();
    final double compileMillis;

    FakeJit(double compileMillis) {
      this.compileMillis = compileMillis;
    }

    @Override
    public SteadyWarmup.Pause await(long deadlineNanos) {
      waits.add(deadlineNanos);
      return new SteadyWarmup.Pause(compileMillis / 1e3, compileMillis, compileMillis);
    }
  }

  @Test
  void aLoopCompiledBeforeWaitsOutTheJitInsteadOfGrowingRoundsAroundItAndTheRuleSeesWhatCompiled() throws Throwable {
    // the loop compiled before; the JIT busy (with other code) at the end of the first two rounds, quiet after;
    // the calls as fast throughout
    FakeRounds runner = new FakeRounds(50, 50, 0, 2);
    FakeJit jit = new FakeJit(40);
    Steps.Settled s = SteadyWarmup.run(new Steps.SettleRequest(10, 0, 50, 2_000, false, Steps.Reserve.NONE), runner,
        JitThresholds.hotSpotDefaults(), runner::counts, jit);

    assertThat(jit.waits).as("a wait after each round that ended with a compiler thread runnable").hasSize(2);
    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).as("the two rounds after the last wait must show the JIT quiet").hasSize(5);
    assertThat(s.seconds()).as("the waits count in the warm-up's time").isGreaterThan(0.08);
    assertThat(s.rounds().get(1).compilerCpuMillis()).as("a wait's compilation is the next round's")
        .isGreaterThanOrEqualTo(40);
    // rounds are sized by the rounds' own time: 0.2 ms rounds, not half of the 80 ms waited
    assertThat(runner.asked).allSatisfy(a -> assertThat((long) a[0] * a[1] * 50e-9).isLessThan(0.001));
    assertThat(s.atOnce()).as("something compiled, but the calls ran as fast at once as at the end").isTrue();

    // a loop not compiled before is not waited for: its rounds are what makes C2 compile it
    FakeRounds fresh = new FakeRounds(35_000, 35_000, 0, 2, 0);
    FakeJit untouched = new FakeJit(40);
    SteadyWarmup.run(new Steps.SettleRequest(10, 0, 35_000, 1, true, Steps.Reserve.NONE), fresh,
        JitThresholds.hotSpotDefaults(), fresh::counts, untouched);
    assertThat(untouched.waits).isEmpty();
  }

  @Test
  void withinABudgetTheWarmUpLeavesTheFewestTrialsTheirTime() throws Throwable {
    // 6 ms calls that never settle (the JIT never quiet), a fork's budget of 0.125 s, its warm-up cap 90% of it:
    // ten trials need 60 ms, so the warm-up ends by 65 ms instead of 112.5 ms
    FakeRounds busy = new FakeRounds(6_000_000, 6_000_000, 0, Integer.MAX_VALUE);
    Steps.Settled s = busy.settle(new Steps.SettleRequest(0.1125, 0, 6_000_000, 1, true,
        new Steps.Reserve(10, 0.125)));
    assertThat(s.steady()).isFalse();
    // (the fake runner's time is simulated, so its rounds do not stop at the cap's deadline: a round may overrun it)
    assertThat(s.seconds()).isGreaterThanOrEqualTo(0.065).isLessThan(0.09);
    assertThat(s.detail()).contains("the cap lowered to 0.0650 s to leave the 10 fewest trials (6.00 ms each) their"
        + " time in the fork's budget of 0.125 s");

    // a budget that cannot hold the fewest trials at all: half the plan's cap for the warm-up, not none
    FakeRounds tooMany = new FakeRounds(6_000_000, 6_000_000, 0, Integer.MAX_VALUE);
    Steps.Settled t = tooMany.settle(new Steps.SettleRequest(0.1125, 0, 6_000_000, 1, true,
        new Steps.Reserve(100, 0.125)));
    assertThat(t.seconds()).isGreaterThanOrEqualTo(0.05625).isLessThan(0.09);
    assertThat(t.detail()).contains("the cap lowered to 0.0563 s to leave the 100 fewest trials");

    // without a reserve (a declared cap, a fresh worker's first case) the cap is the plan's
    FakeRounds plain = new FakeRounds(6_000_000, 6_000_000, 0, Integer.MAX_VALUE);
    assertThat(plain.settle(new Steps.SettleRequest(0.1125, 0, 6_000_000, 1, true, Steps.Reserve.NONE)).seconds())
        .isGreaterThanOrEqualTo(0.1125);
  }

  @Test
  void aFreshLoopIsNotSteadyBeforeC2CouldHaveCompiledItThoughFlatAndQuiet() throws Throwable {
    // a 35 µs call, flat from the first round and no compilation queued: C1's loop calling the kernel's own code
    FakeRounds runner = new FakeRounds(35_000, 35_000, 0, 0, 0);
    Steps.Settled s = runner.settle(new Steps.SettleRequest(10, 0, 35_000, 1, true, Steps.Reserve.NONE));

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds().size()).as("flat and quiet after 3, but the loop is not due").isGreaterThan(3);
    int window = s.rounds().size() - 3;
    long runsBeforeWindow = s.rounds().subList(0, window).stream().mapToLong(Steps.Round::batches).sum();
    assertThat(runsBeforeWindow).as("HotSpot's 600 runs, reported every 1,024").isGreaterThanOrEqualTo(1_024);
    assertThat(s.seconds()).as("about a second of 35 µs calls").isBetween(1.0, 3.0);
    assertThat(s.detail()).contains("the trial loop was due for C2 after ");
  }

  @Test
  void aLoopOfLongCallsIsNotWaitedForAndTheDetailSaysSo() throws Throwable {
    // 5 ms a call: C2's 15,000 runs and calls are 37 s away, more than a kernel this long gains from its caller
    FakeRounds runner = new FakeRounds(5_000_000, 5_000_000, 0, 0, 0);
    Steps.Settled s = runner.settle(new Steps.SettleRequest(10, 0, 5_000_000, 1, true, Steps.Reserve.NONE));

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).hasSize(3);
    assertThat(s.detail()).contains("not waited for C2 to compile the trial loop").contains("calls a run");
  }

  @Test
  void warmUpWaitsForTheJitAndForTheFasterCodeThenRoundsGrowWithIt() throws Throwable {
    // C2 compiles the kernel for 8 rounds (a compiler thread busy), then its code runs 8x faster
    FakeRounds runner = new FakeRounds(400_000, 50_000, 8, 8);
    Steps.Settled s = runner.settle(new Steps.SettleRequest(10, 0.001, 400_000, 1, false, Steps.Reserve.NONE));

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).hasSize(8 + 3).allSatisfy(r -> assertThat(r.callsPerBatch()).isEqualTo(1));
    List<Integer> batches = runner.asked.stream().map(a -> a[0]).toList();
    assertThat(batches.get(batches.size() - 1)).as("later rounds are longer").isGreaterThan(batches.get(0));
    assertThat(s.calls()).isEqualTo(runner.asked.stream().mapToLong(a -> (long) a[0] * a[1]).sum());
  }

  /** A runner whose compiled loop's rounds move up and down, as on a core whose sibling runs or idles. */
  static final class BouncingRounds extends FakeRounds {
    BouncingRounds() {
      super(0.25, 0.25, 0, 0);
    }

    @Override
    public Steps.Round make(int batches, int callsPerBatch, long deadlineNanos) {
      Steps.Round r = super.make(batches, callsPerBatch, deadlineNanos);
      double[] times = {0.30, 0.38, 0.25, 0.33};
      double perCall = times[(asked.size() - 1) % times.length];
      return new Steps.Round(batches, callsPerBatch, perCall, 0, 0, 0, perCall * batches * callsPerBatch * 1e-9);
    }
  }

  @Test
  void aCompiledLoopWhoseRoundsMoveUpAndDownIsSteadyAtTheThirdRoundAsTheMachinesNoise() throws Throwable {
    BouncingRounds runner = new BouncingRounds();
    Steps.Settled s = runner.settle(new Steps.SettleRequest(10, 0, 0.25, 400_000, false, Steps.Reserve.NONE));

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).as("the third round 17% below the first: flat by no 2% test").hasSize(3);
    assertThat(s.detail()).contains("the times moving both ways (0.300 ns, 0.380 ns, 0.250 ns)",
        "the machine's noise, not a trend");
  }

  @Test
  void aCaseThatNeverSettlesStopsAtTheCapAndSaysWhy() throws Throwable {
    FakeRounds runner = new FakeRounds(1_000, 1_000, 0, Integer.MAX_VALUE);
    Steps.Settled s = runner.settle(new Steps.SettleRequest(0.5, 0, 1_000, 100, false, Steps.Reserve.NONE));

    assertThat(s.steady()).isFalse();
    assertThat(s.seconds()).isGreaterThanOrEqualTo(0.5);
    assertThat(s.detail()).startsWith("the cap of 0.500 s was reached").contains("compiler threads ran");
    assertThat(runner.asked).allSatisfy(a -> assertThat(a[0]).isLessThanOrEqualTo(SteadyWarmup.MAX_BATCHES));
  }

  @Test
  void theEnginesCallsPerTrialMakeATenthOfAMillisecond() {
    assertThat(CallsPerTrial.auto(40)).isEqualTo(2_500);
    assertThat(CallsPerTrial.auto(20e6)).isEqualTo(1);
    assertThat(CallsPerTrial.auto(0.0001)).isEqualTo(CallsPerTrial.MAX_CALLS);
    assertThat(CallsPerTrial.auto(Double.NaN)).isEqualTo(1);
  }

  @Test
  void aShortDeviceCallGetsABatchOfAboutHalfAMillisecondAndALongOneNone() {
    assertThat(CallsPerTrial.batch(5_000)).as("a 5 µs kernel: 100 calls back to back").isEqualTo(100);
    assertThat(CallsPerTrial.batch(49_000)).isEqualTo(CallsPerTrial.MIN_BATCH_CALLS + 1);
    assertThat(CallsPerTrial.batch(100)).isEqualTo(CallsPerTrial.MAX_BATCH_CALLS);
    assertThat(CallsPerTrial.batch(50_000)).as("from 50 µs the single call is the headline").isZero();
    assertThat(CallsPerTrial.batch(Double.NaN)).isZero();
  }
}
