package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.engine.protocol.Steps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rounds of warm-up until steady, over a fake runner: their sizes, the calls per trial, the end. */
class SteadyWarmupTest {

  /** A runner whose calls get faster until a round, and whose JIT compiles until another; time is simulated. */
  static final class FakeRounds implements SteadyWarmup.Rounds {
    final List<int[]> asked = new ArrayList<>();
    final double slowNanos;
    final double fastNanos;
    final int fastFromRound;
    final int quietFromRound;

    FakeRounds(double slowNanos, double fastNanos, int fastFromRound, int quietFromRound) {
      this.slowNanos = slowNanos;
      this.fastNanos = fastNanos;
      this.fastFromRound = fastFromRound;
      this.quietFromRound = quietFromRound;
    }

    @Override
    public Steps.Round make(int batches, int callsPerBatch, long deadlineNanos) {
      int round = asked.size();
      asked.add(new int[] {batches, callsPerBatch});
      double perCall = round < fastFromRound ? slowNanos : fastNanos;
      double seconds = perCall * batches * callsPerBatch * 1e-9;
      double compiler = round < quietFromRound ? seconds * 1e3 * 0.5 : 0;
      return new Steps.Round(batches, callsPerBatch, perCall, compiler > 0 ? 1 : 0, compiler, compiler > 0 ? 1 : 0,
          seconds);
    }
  }

  @Test
  void aCaseThatIsSteadyFromTheStartEndsAfterThreeShortRounds() throws Throwable {
    FakeRounds runner = new FakeRounds(50, 50, 0, 0);
    Steps.Settled s = SteadyWarmup.run(new Steps.SettleRequest(10, 0, 50, 1, true), runner);

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).hasSize(3);
    assertThat(s.seconds()).isLessThan(0.01);
    assertThat(s.callsPerTrial()).as("a millisecond of 50 ns calls").isEqualTo(20_000);
    assertThat(s.detail()).startsWith("steady after 3 rounds").contains("50.0 ns per call");
  }

  @Test
  void warmUpWaitsForTheJitAndForTheFasterCodeThenRoundsGrowWithIt() throws Throwable {
    // C2 compiles the kernel for 8 rounds (a compiler thread busy), then its code runs 8x faster
    FakeRounds runner = new FakeRounds(400_000, 50_000, 8, 8);
    Steps.Settled s = SteadyWarmup.run(new Steps.SettleRequest(10, 0.001, 400_000, 1, false), runner);

    assertThat(s.steady()).isTrue();
    assertThat(s.rounds()).hasSize(8 + 3).allSatisfy(r -> assertThat(r.callsPerBatch()).isEqualTo(1));
    List<Integer> batches = runner.asked.stream().map(a -> a[0]).toList();
    assertThat(batches.get(batches.size() - 1)).as("later rounds are longer").isGreaterThan(batches.get(0));
    assertThat(s.calls()).isEqualTo(runner.asked.stream().mapToLong(a -> (long) a[0] * a[1]).sum());
  }

  @Test
  void aCaseThatNeverSettlesStopsAtTheCapAndSaysWhy() throws Throwable {
    FakeRounds runner = new FakeRounds(1_000, 1_000, 0, Integer.MAX_VALUE);
    Steps.Settled s = SteadyWarmup.run(new Steps.SettleRequest(0.5, 0, 1_000, 100, false), runner);

    assertThat(s.steady()).isFalse();
    assertThat(s.seconds()).isGreaterThanOrEqualTo(0.5);
    assertThat(s.detail()).startsWith("the cap of 0.500 s was reached").contains("compiler threads ran");
    assertThat(runner.asked).allSatisfy(a -> assertThat(a[0]).isLessThanOrEqualTo(SteadyWarmup.MAX_BATCHES));
  }

  @Test
  void theEnginesCallsPerTrialMakeAMillisecond() {
    assertThat(SteadyWarmup.autoCalls(40)).isEqualTo(25_000);
    assertThat(SteadyWarmup.autoCalls(20e6)).isEqualTo(1);
    assertThat(SteadyWarmup.autoCalls(0.001)).isEqualTo(SteadyWarmup.MAX_CALLS);
    assertThat(SteadyWarmup.autoCalls(Double.NaN)).isEqualTo(1);
  }
}
