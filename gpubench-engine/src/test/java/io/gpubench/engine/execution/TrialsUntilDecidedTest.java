package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.correctness.Allowance;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.statistics.TrialStream;
import io.gpubench.engine.support.Frameworks;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * A runner of one rank is asked for trials until the stopping rule decides: it runs the engine's rule beside its
 * trials and stops at the trial the engine's rule stops at, in one exchange, measuring nothing past the decision;
 * through the real case session and driver over a fake device whose trials are scripted.
 */
class TrialsUntilDecidedTest {

  /** What the driver asked the runner for at each step of trials. */
  private static final class Asks {
    final List<Steps.TrialsAsk> asked = new ArrayList<>();
    // the steps of each exchange that asked for trials
    final List<List<Step>> exchanges = new ArrayList<>();
  }

  private static CaseChannel counting(CaseChannel channel, Asks asks) {
    return (CaseChannel) Proxy.newProxyInstance(CaseChannel.class.getClassLoader(), new Class<?>[] {CaseChannel.class},
        (proxy, method, args) -> {
          if (method.getName().equals("trials")) {
            asks.asked.add((Steps.TrialsAsk) args[0]);
          }
          if (method.getName().equals("run")) {
            for (Object call : (List<?>) args[0]) {
              Step.Call c = (Step.Call) call;
              if (c.step() == Step.TRIALS) {
                asks.asked.add((Steps.TrialsAsk) c.body());
                asks.exchanges.add(((List<?>) args[0]).stream().map(x -> ((Step.Call) x).step()).toList());
              }
            }
          }
          try {
            return method.invoke(channel, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  private static CaseResult run(TrialClock clock, IntFunction<TrialConditions> conditions, TrialPolicy policy,
      Asks asks) {
    TelemetryStepsTest.ScriptedRecorder recorder = new TelemetryStepsTest.ScriptedRecorder(conditions, null);
    DeviceTimingStepsTest.FakeBackend fake = new DeviceTimingStepsTest.FakeBackend(
        new TelemetryStepsTest.TelemetrySession(clock, recorder));
    BenchmarkDeclaration decl = DeclarationReader.read(TelemetryStepsTest.Empty.class);
    CaseSpec spec = new CaseSpec(decl, decl.workloads().get(0), Dimensions.of(Map.of("n", 1L)), Precision.FP32, fake,
        Allowance.NONE, policy, 1, null, null);
    CaseChannel channel = counting(new CaseSession(Backends.of(List.of(fake)), Frameworks.none()), asks);
    CaseDriver.Outcome o = new CaseDriver(20).run(spec, channel, fake.id());
    assertThat(o.result().status()).as(String.valueOf(o.result().message())).isEqualTo(CaseStatus.PASSED);
    return o.result();
  }

  /**
   * Trials that take some milliseconds each and read 100 µs ±1%: far from the harness's resolution, which would stop
   * them.
   */
  private static TelemetryStepsTest.ScriptedClock slow(long millis) {
    return new TelemetryStepsTest.ScriptedClock(i -> {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return 100_000 + 1000 * (i % 3);
    });
  }

  private static TrialPolicy policy(int min, int max, double target) {
    return new TrialPolicy(1, min, max, target, 0.95, 60, 1, CacheMode.HOT, DeviceTiming.EVENTS, 0);
  }

  @Test
  void theRunnerStopsAtTheTrialTheEnginesRuleDecidesOnInOneExchange() {
    // noisy enough that the target is never reached: the rule stops on its plateau, at a trial only it knows
    TelemetryStepsTest.ScriptedClock clock = new TelemetryStepsTest.ScriptedClock(i -> 100 + (i * 37 % 11));
    Asks asks = new Asks();
    CaseResult r = run(clock, i -> null, policy(5, 10_000, 1e-9), asks);

    assertThat(r.timing().stop()).isEqualTo(StopReason.PLATEAU);
    assertThat(asks.asked).as("until the rule decides, with the front").hasSize(1);
    assertThat(asks.asked.get(0)).satisfies(a -> {
      assertThat(a.until()).isEqualTo(new TrialStream.Rule(5, 10_000, 1e-9, 0.95, 60));
      assertThat(a.sliceSeconds()).isEqualTo(TrialSeries.SLICE_SECONDS);
      assertThat(a.charge()).as("no warm-up until steady to charge").isNull();
    });
    assertThat(asks.exchanges.get(0)).as("the front, the trials and the end of the case in one exchange")
        .containsExactly(Step.PREPARE, Step.CHECKED_CALL, Step.INSTRUMENT, Step.START_TRIALS, Step.TRIALS,
            Step.END_TRIALS, Step.COLLECT, Step.FINISH);
    assertThat(clock.trials).as("no trial measured past the decision").isEqualTo(r.timing().trials().size());

    // the rule the engine ran on them, trial by trial, stops at the same trial
    TrialStream replay = new TrialStream(new TrialStream.Rule(5, 10_000, 1e-9, 0.95, 60), 1, 0);
    int at = 0;
    IntToDoubleFunction script = i -> 100 + (i * 37 % 11);
    while (!replay.add(new TrialClock.TrialTime(script.applyAsDouble(at), script.applyAsDouble(at)), null,
        Double.NaN)) {
      at++;
    }
    assertThat(at + 1).isEqualTo(clock.trials);
  }

  @Test
  void discardedTrialsAreMeasuredAgainWithinTheSameExchange() {
    TrialConditions capped = new TrialConditions(List.of("sw_power_cap"), 1700.0);
    TrialConditions atSpeed = new TrialConditions(List.of(), 1980.0);
    TelemetryStepsTest.ScriptedClock clock = new TelemetryStepsTest.ScriptedClock(i -> i == 2 || i == 4 ? 900 : 100);
    Asks asks = new Asks();
    CaseResult r = run(clock, i -> i == 2 || i == 4 ? capped : atSpeed, policy(6, 6, 1e-9), asks);

    assertThat(asks.asked).as("until the rule decides, with the front: 2 of 8 discarded").hasSize(1);
    assertThat(clock.trials).as("6 kept, 2 measured again").isEqualTo(8);
    assertThat(r.timing().trials()).hasSize(6);
    assertThat(r.timing().discardedTrials()).isEqualTo(2);
  }

  @Test
  void aLongSeriesRepliesEverySliceAndTheRunnersRuleGoesOnWhereItWas() {
    // 6 ms a trial, up to 250 trials: more than a slice of a second, so the engine asks again
    TelemetryStepsTest.ScriptedClock clock = slow(6);
    Asks asks = new Asks();
    CaseResult r = run(clock, i -> null, policy(2, 250, 1e-9), asks);

    assertThat(asks.asked).hasSizeGreaterThanOrEqualTo(2);
    assertThat(asks.asked).allSatisfy(a -> assertThat(a.until()).isNotNull());
    assertThat(asks.exchanges).as("each asks for the end too; only the last reached it").allSatisfy(e ->
        assertThat(e.subList(e.size() - 4, e.size())).containsExactly(Step.TRIALS, Step.END_TRIALS, Step.COLLECT,
            Step.FINISH));
    assertThat(r.timing().stop()).isIn(StopReason.MAX_TRIALS, StopReason.PLATEAU);
    assertThat(r.timing().trials().size()).isGreaterThan(150);
    assertThat(clock.trials).as("the runner's rule went on where it was").isEqualTo(r.timing().trials().size());
    assertThat(r.timing().spent().endSeconds()).as("the end's own seconds, not the trials'").isLessThan(
        r.timing().spent().trialSeconds());
  }

  @Test
  void aWarmupWithinTheBudgetLeavesTheRunnersRuleTheBudgetTheEnginesHas() {
    // 12 ms a trial and a budget of 4 s: the trials outlast a slice, so the engine asks again with its own terms,
    // which the runner refuses unless they are the ones it computed from its warm-up
    TelemetryStepsTest.ScriptedClock clock = slow(12);
    Asks asks = new Asks();
    TrialPolicy withinBudget = new TrialPolicy(1, 2, 10_000, 1e-9, 0.95, 4, 1, CacheMode.HOT, DeviceTiming.EVENTS,
        io.gpubench.api.Trials.WITHIN_BUDGET);
    CaseResult r = run(clock, i -> null, withinBudget, asks);

    assertThat(asks.asked.get(0).charge()).isEqualTo(new Steps.WarmupCharge(4, Double.POSITIVE_INFINITY,
        Warming.LEAST_TRIAL_SECONDS));
    assertThat(asks.asked.get(0).until().budgetSeconds()).as("the whole budget, until the runner charges it")
        .isEqualTo(4);
    assertThat(asks.asked).as("the trials outlast a slice").hasSizeGreaterThanOrEqualTo(2);
    double left = 4 - r.timing().warmup().seconds();
    assertThat(asks.asked.subList(1, asks.asked.size())).allSatisfy(a -> {
      assertThat(a.charge()).isNull();
      assertThat(a.until().budgetSeconds()).as("what the warm-up left").isEqualTo(left);
    });
    assertThat(r.timing().stop()).isIn(StopReason.TIME_BUDGET, StopReason.PLATEAU);
    assertThat(clock.trials).isEqualTo(r.timing().trials().size());
  }
}
