package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Dimensions;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Shape;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.WarmupEnd;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.api.spi.TrialConditions;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.correctness.Allowance;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.support.Frameworks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Telemetry that acts, and the flags: through the real case session and driver over a fake device whose clock and
 * per-trial telemetry are scripted trial by trial. No GPU.
 */
class TelemetryStepsTest {

  /** A benchmark with one empty workload. */
  @GpuBenchmark(backends = "fake")
  @Shape("n=1")
  @Precisions(Precision.FP32)
  public static final class Empty {
    @Measure
    void call() {}
  }

  /** A device clock whose n-th trial takes what the script says. */
  static final class ScriptedClock implements TrialClock {
    final IntToDoubleFunction nanos;
    int trials;

    ScriptedClock(IntToDoubleFunction nanos) {
      this.nanos = nanos;
    }

    @Override
    public void start() {}

    @Override
    public TrialTime stop() {
      throw new AssertionError("time() is overridden");
    }

    @Override
    public TrialTime time(TrialCalls calls) throws Throwable {
      calls.run();
      double t = nanos.applyAsDouble(trials++);
      return new TrialTime(t, t);
    }

    @Override
    public String deviceClock() {
      return "fake-event";
    }

    @Override
    public DeviceTiming mode() {
      return DeviceTiming.EVENTS;
    }
  }

  /** A recorder whose n-th call of during() says what the script says, and whose summary is given. */
  static final class ScriptedRecorder implements TelemetryRecorder {
    final IntFunction<TrialConditions> script;
    final Telemetry summary;
    int asked;

    ScriptedRecorder(IntFunction<TrialConditions> script, Telemetry summary) {
      this.script = script;
      this.summary = summary;
    }

    @Override
    public Optional<TrialConditions> during(long startNanos, long endNanos) {
      assertThat(endNanos).isGreaterThanOrEqualTo(startNanos);
      return Optional.ofNullable(script.apply(asked++));
    }

    @Override
    public Optional<Telemetry> stop() {
      return Optional.ofNullable(summary);
    }
  }

  /** A session with a scripted clock and recorder. */
  static final class TelemetrySession extends DeviceTimingStepsTest.ClockSession {
    final TelemetryRecorder recorder;

    TelemetrySession(TrialClock clock, TelemetryRecorder recorder) {
      super(clock);
      this.recorder = recorder;
    }

    @Override
    public TelemetryRecorder startTelemetry() {
      return recorder;
    }
  }

  private static Telemetry telemetry(boolean throttled, boolean shared) {
    return new Telemetry(20, 1900.0, 1500.0, 1980.0, 300.0, 400.0, 60.0,
        throttled ? List.of("sw_power_cap") : List.of(), throttled, shared,
        shared ? List.of("4242 python3") : List.of(), List.of());
  }

  private static CaseResult run(TrialClock clock, TelemetryRecorder recorder, TrialPolicy policy) {
    DeviceTimingStepsTest.FakeBackend fake = new DeviceTimingStepsTest.FakeBackend(new TelemetrySession(clock,
        recorder));
    BenchmarkDeclaration decl = DeclarationReader.read(Empty.class);
    CaseSpec spec = new CaseSpec(decl, decl.workloads().get(0), Dimensions.of(Map.of("n", 1L)), Precision.FP32, fake,
        Allowance.NONE, policy, 1, null, null);
    CaseDriver.Outcome o = new CaseDriver(20)
        .run(spec, new CaseSession(Backends.of(List.of(fake)), Frameworks.none()), fake.id());
    assertThat(o.result().status()).as(String.valueOf(o.result().message())).isEqualTo(CaseStatus.PASSED);
    return o.result();
  }

  private static TrialPolicy trials(int n) {
    return new TrialPolicy(1, n, n, 1e-9, 0.95, 60, 1, CacheMode.HOT, DeviceTiming.EVENTS, 0);
  }

  private static final TrialConditions AT_SPEED = new TrialConditions(List.of(), 1980.0);
  private static final TrialConditions POWER_CAPPED = new TrialConditions(List.of("sw_power_cap"), 1700.0);

  @Test
  void throttledTrialsAreDiscardedAndMeasuredAgainWithinTheBudget() {
    ScriptedClock clock = new ScriptedClock(i -> i == 2 || i == 4 ? 900 : 100 + i % 2);
    CaseResult r = run(clock, new ScriptedRecorder(i -> i == 2 || i == 4 ? POWER_CAPPED : AT_SPEED,
        telemetry(true, false)), trials(6));

    assertThat(clock.trials).as("6 kept, 2 measured again").isEqualTo(8);
    assertThat(r.timing().trials()).hasSize(6).allSatisfy(t -> assertThat(t.deviceNanos()).isLessThan(200));
    assertThat(r.timing().discardedTrials()).isEqualTo(2);
    assertThat(r.timing().stopDetail()).contains("2 trials discarded and measured again: the device ran throttled"
        + " (sw_power_cap)");
    assertThat(r.flags()).as("what was kept ran at speed").extracting(Flag::code).doesNotContain("throttled");
  }

  @Test
  void aTrialWhoseClockFellWellBelowTheCasesSteadyClockIsDiscarded() {
    ScriptedClock clock = new ScriptedClock(i -> 100);
    TrialConditions slow = new TrialConditions(List.of(), 1400.0);
    CaseResult r = run(clock, new ScriptedRecorder(i -> i == 3 ? slow : AT_SPEED, null), trials(5));

    assertThat(r.timing().discardedTrials()).isEqualTo(1);
    assertThat(r.timing().stopDetail()).contains("SM clock 1400 MHz below 90% of the steady 1980 MHz");
  }

  @Test
  void aDeviceThatStaysThrottledIsNotDiscardedWithoutEndAndTheCaseIsFlagged() {
    ScriptedClock clock = new ScriptedClock(i -> 300);
    CaseResult r = run(clock, new ScriptedRecorder(i -> POWER_CAPPED, telemetry(true, false)), trials(5));

    assertThat(r.timing().discardedTrials()).as("more than the policy's minimum, then kept").isEqualTo(6);
    assertThat(r.timing().trials()).hasSize(5);
    assertThat(r.flags()).filteredOn(f -> f.code().equals("throttled")).singleElement()
        .extracting(Flag::detail).asString()
        .startsWith("5 of 5 trials kept ran slowed (sw_power_cap), after 6 were discarded and measured again");
    assertThat(r.status()).as("a flag, not a failure").isEqualTo(CaseStatus.PASSED);
  }

  @Test
  void trialsOnAContendedCpuCoreAreDiscardedAndACoreThatStaysContendedFlagsTheCaseWithTheSlowdown() {
    TrialConditions contended = new TrialConditions(List.of(TrialConditions.CPU_CONTENDED + ": a probe after the"
        + " trial took over 1.25x its quiet time"), null, 1.5);
    TrialConditions quiet = new TrialConditions(List.of(), null, 1.02);
    ScriptedClock clock = new ScriptedClock(i -> i == 1 ? 150 : 100);
    CaseResult once = run(clock, new ScriptedRecorder(i -> i == 1 ? contended : quiet, null), trials(5));
    assertThat(once.timing().discardedTrials()).isEqualTo(1);
    assertThat(once.timing().trials()).allSatisfy(t -> assertThat(t.hostNanos()).isEqualTo(100));
    assertThat(once.flags()).isEmpty();
    assertThat(once.timing().stopDetail()).as("a core is contended, not throttled")
        .contains("1 trials discarded and measured again: the CPU core was contended (cpu_contended: a probe");

    CaseResult always = run(new ScriptedClock(i -> 150), new ScriptedRecorder(i -> contended, null), trials(5));
    assertThat(always.flags()).extracting(Flag::code).as("the CPU's word, not a GPU's").containsExactly("contended");
    assertThat(always.flags().get(0).detail()).startsWith("5 of 5 trials kept ran slowed (cpu_contended: a probe")
        .endsWith("the median trial kept ran 1.50x slower than at speed");
    assertThat(always.flags().get(0).slowdown()).as("what the gate bounds the verdict by").isEqualTo(1.5);
  }

  @Test
  void aFewContendedTrialsAmongQuietOnesDoNotFlagTheCaseForTheyCannotMoveItsMedian() {
    TrialConditions contended = new TrialConditions(List.of(TrialConditions.CPU_CONTENDED + ": a probe after the"
        + " trial took over 1.25x its quiet time"), null, 1.4);
    TrialConditions quiet = new TrialConditions(List.of(), null, 1.0);
    // the first 6 trials contended: discarding stops after 6 (more than the minimum of 5), then quiet ones come
    CaseResult r = run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> i < 8 ? contended : quiet, null),
        trials(5));
    assertThat(r.timing().discardedTrials()).isEqualTo(6);
    assertThat(r.flags()).as("2 of 5 kept trials contended: the median is a quiet one's").isEmpty();
    assertThat(r.timing().stopDetail()).contains("2 of 5 trials kept ran on a contended core, too few to move the"
        + " median");
  }

  @Test
  void aThrottledDeviceWithoutPerTrialTelemetryIsFlaggedFromItsSummary() {
    CaseResult r = run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> null, telemetry(true, false)),
        trials(4));

    assertThat(r.timing().discardedTrials()).isZero();
    assertThat(r.flags()).extracting(Flag::code).containsExactly("throttled");
    assertThat(r.flags().get(0).detail()).contains("sw_power_cap").contains("no per-trial telemetry");
  }

  @Test
  void aSharedDeviceIsFlaggedWithTheOtherProcesses() {
    CaseResult r = run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> AT_SPEED, telemetry(false, true)),
        trials(4));

    assertThat(r.flags()).extracting(Flag::code).containsExactly("shared");
    assertThat(r.flags().get(0).detail()).contains("4242 python3");
  }

  @Test
  void trialsThatStillTrendAreFlaggedNotPassedSilently() {
    CaseResult r = run(new ScriptedClock(i -> 200 - i), new ScriptedRecorder(i -> AT_SPEED, null), trials(40));

    assertThat(r.flags()).extracting(Flag::code).containsExactly("trending");
    assertThat(r.flags().get(0).detail()).startsWith("the last third of 40 trials is").contains("faster than");
  }

  @Test
  void aPlateauOnAWideIntervalIsFlagged() {
    // one slow trial in ten: the interval stops narrowing far above the target
    TrialPolicy policy = new TrialPolicy(1, 5, 500, 0.01, 0.95, 60, 1, CacheMode.HOT, DeviceTiming.EVENTS, 0);
    CaseResult r = run(new ScriptedClock(i -> i % 10 == 3 ? 5000 : 100 + i % 3),
        new ScriptedRecorder(i -> AT_SPEED, null), policy);

    assertThat(r.timing().stop()).isEqualTo(io.gpubench.api.result.StopReason.PLATEAU);
    assertThat(r.flags()).extracting(Flag::code).contains("wide-plateau");
  }

  @Test
  void theResultsSayHowTheWarmUpEnded() {
    TrialPolicy steadyPolicy = new TrialPolicy(1, 3, 3, 1e-9, 0.95, 60, 1, CacheMode.HOT, DeviceTiming.EVENTS, 1.0);
    CaseResult r = run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> AT_SPEED, null), steadyPolicy);
    assertThat(r.timing().warmup().end()).isIn(WarmupEnd.STEADY, WarmupEnd.CAP);
    assertThat(r.timing().warmup().rounds()).isGreaterThanOrEqualTo(3);
    assertThat(r.timing().warmup().detail()).containsAnyOf("steady after", "the cap of 1.00 s was reached");
    assertThat(r.timing().warmupCalls()).isGreaterThan(1);

    CaseResult declared = run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> AT_SPEED, null), trials(3));
    assertThat(declared.timing().warmup().end()).isEqualTo(WarmupEnd.CALLS);
    assertThat(declared.timing().warmup().rounds()).isZero();
    assertThat(declared.timing().warmupCalls()).isEqualTo(1);
  }

  @Test
  void theFlagsOfForksAreJoinedOnePerCode() {
    List<CaseResult> forks = new ArrayList<>();
    forks.add(run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> AT_SPEED, telemetry(false, true)),
        trials(3)));
    forks.add(run(new ScriptedClock(i -> 100), new ScriptedRecorder(i -> AT_SPEED, telemetry(false, true)),
        trials(3)));
    List<Flag> flags = Forks.flags(forks);
    assertThat(flags).singleElement().satisfies(f -> {
      assertThat(f.code()).isEqualTo("shared");
      assertThat(f.detail()).startsWith("fork 1: other processes").contains("; fork 2: other processes");
    });
  }
}
