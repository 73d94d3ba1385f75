package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.BackendId;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Dimensions;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.correctness.Allowance;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.support.Frameworks;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The case session hands the calls of a trial to the session's clock in the mode the case asks for, and the results
 * record the mode the clock used, why, and the launch-inclusive figure apart; with a fake device clock, no GPU.
 */
class DeviceTimingStepsTest {
  @TempDir Path dir;

  /** A benchmark whose one workload counts its calls. */
  @GpuBenchmark(backends = "fake")
  @Shape("n=1")
  @Precisions(Precision.FP32)
  public static final class Counting {
    static final AtomicInteger CALLS = new AtomicInteger();

    @Measure
    void call() {
      CALLS.incrementAndGet();
    }
  }

  /** A backend whose sessions are the given one. */
  record FakeBackend(BackendSession session) implements Backend {
    @Override
    public BackendId id() {
      return BackendId.of("fake", -1);
    }

    @Override
    public Optional<String> unavailableReason() {
      return Optional.empty();
    }

    @Override
    public DeviceInfo describe() {
      return new DeviceInfo(id(), "fake", true, null, Map.of());
    }

    @Override
    public Optional<String> unsupported(Precision precision) {
      return Optional.empty();
    }

    @Override
    public BackendSession open(SessionSpec spec) {
      return session;
    }
  }

  /** Runs the counting workload through the engine's driver and a case session over the fake device. */
  private static Timing run(BackendSession session, TrialPolicy policy) {
    Counting.CALLS.set(0);
    FakeBackend fake = new FakeBackend(session);
    BenchmarkDeclaration decl = DeclarationReader.read(Counting.class);
    CaseSpec spec = new CaseSpec(decl, decl.workloads().get(0), Dimensions.of(Map.of("n", 1L)), Precision.FP32, fake,
        Allowance.NONE, policy, 1, null, null);
    CaseDriver.Outcome o = new CaseDriver(20)
        .run(spec, new CaseSession(Backends.of(List.of(fake)), Frameworks.none()), fake.id());
    assertThat(o.result().status()).as(String.valueOf(o.result().message())).isEqualTo(CaseStatus.PASSED);
    return o.result().timing();
  }

  /** A fake clock in graph mode that times the calls it is handed: the loop must never start or stop it itself. */
  abstract static class GraphModeClock implements TrialClock {
    @Override
    public void start() {
      throw new AssertionError("the loop must hand the calls to time(), not call start()");
    }

    @Override
    public TrialTime stop() {
      throw new AssertionError("the loop must hand the calls to time(), not call stop()");
    }

    @Override
    public String deviceClock() {
      return "fake-event";
    }

    @Override
    public DeviceTiming mode() {
      return DeviceTiming.GRAPH;
    }

    @Override
    public String modeReason() {
      return "fake: short trials";
    }
  }

  /** A clock like the CUDA graph clock: runs the calls once to capture, then replays without calling them. */
  static final class CapturingClock extends GraphModeClock {
    int captures;
    int trials;

    @Override
    public TrialTime time(TrialCalls calls) throws Throwable {
      if (captures == 0) {
        calls.run();
        captures++;
      }
      trials++;
      return new TrialTime(1000 + trials, 200, 600);
    }
  }

  /**
   * A graph clock whose replays cost 5 µs a call and 2 µs of launch a replay (a call alone: 7 µs), host time 10 µs a
   * call; each timing is slower by a step of a share, in a cycle of five, where a step is given (so that the
   * stopping rule's interval does not close at once).
   */
  static final class LaunchCostClock extends GraphModeClock {
    private final double step;
    private int timed;

    LaunchCostClock(double step) {
      this.step = step;
    }

    @Override
    public TrialTime time(TrialCalls calls) throws Throwable {
      int before = Counting.CALLS.get();
      calls.run();
      int n = Counting.CALLS.get() - before;
      double jitter = 1 + step * (timed++ % 5);
      return new TrialTime(10_000.0 * n * jitter, (5_000.0 * n + 2_000) * jitter, 9_000.0 * n * jitter);
    }
  }

  /** A session with only a clock; everything else is unused by the trial loop. */
  static class ClockSession implements BackendSession {
    final TrialClock clock;
    final List<DeviceTiming> asked = new ArrayList<>();
    int synchronizations;

    ClockSession(TrialClock clock) {
      this.clock = clock;
    }

    @Override
    public TrialClock clock(DeviceTiming requested) {
      asked.add(requested);
      return clock;
    }

    @Override
    public TrialClock clock() {
      throw new AssertionError("the loop must ask for a clock in the case's mode");
    }

    @Override
    public void synchronize() {
      synchronizations++;
    }

    @Override
    public TensorFactory tensors() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void poison(Tensor tensor) {}

    @Override
    public long fingerprint(Tensor tensor) {
      return 0;
    }

    @Override
    public ErrorStats compare(Tensor actual, Tensor expected, double range) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<Tensor> adopt(String name, Object returned) {
      return Optional.empty();
    }

    @Override
    public void flushCache() {}

    @Override
    public TelemetryRecorder startTelemetry() {
      return TelemetryRecorder.NONE;
    }

    @Override
    public void resetPeakMemory() {}

    @Override
    public Optional<Long> peakMemoryBytes() {
      return Optional.empty();
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
      return Optional.empty();
    }

    @Override
    public void close() {}
  }

  private static TrialPolicy policy(int trials, int callsPerTrial, DeviceTiming timing) {
    return new TrialPolicy(1, trials, trials, 1e-9, 0.95, 60, callsPerTrial, CacheMode.HOT, timing);
  }

  @Test
  void theClockGetsTheCasesModeAndTheResultsRecordWhatItUsedAndWhy() throws Throwable {
    CapturingClock clock = new CapturingClock();
    ClockSession session = new ClockSession(clock);

    Timing t = run(session, policy(4, 5, DeviceTiming.GRAPH));

    assertThat(session.asked).containsExactly(DeviceTiming.GRAPH);
    assertThat(session.synchronizations).as("two around the checked call, one before each trial").isEqualTo(2 + 4);
    assertThat(clock.trials).isEqualTo(4);
    assertThat(Counting.CALLS.get()).as("the checked call, then the calls of one trial, captured once").isEqualTo(6);
    assertThat(t.deviceClock()).isEqualTo("fake-event");
    assertThat(t.deviceTiming()).isEqualTo(DeviceTiming.GRAPH);
    assertThat(t.deviceTimingReason()).isEqualTo("fake: short trials");
    assertThat(t.trials()).hasSize(4).allSatisfy(trial -> {
      assertThat(trial.deviceNanos()).isEqualTo(40.0);
      assertThat(trial.launchInclusiveNanos()).isEqualTo(120.0);
    });
    assertThat(t.device().median()).isEqualTo(40.0);
    assertThat(t.launchInclusive().median()).isEqualTo(120.0);
    assertThat(t.primary()).isSameAs(t.device());
    assertThat(t.host().n()).isEqualTo(4);
  }

  /**
   * A 5 µs kernel whose one-call trial pays 2 µs more (a graph launch and the event pair): where the engine picks the
   * calls, each trial is followed by a batch trial of about half a millisecond of calls, and the batch figure, with
   * the 2 µs spread over its calls, is the headline beside the single-call figure.
   */
  @Test
  void aShortCallInGraphModeGetsABatchFigureAsItsHeadlineBesideTheSingleCall() throws Throwable {
    TrialClock graph = new LaunchCostClock(0);
    ClockSession session = new ClockSession(graph);
    Timing t = run(session, policy(4, 0, DeviceTiming.AUTO));

    int batch = io.gpubench.engine.statistics.CallsPerTrial.batch(7_000);
    assertThat(batch).as("half a millisecond of 7 µs calls").isEqualTo(72);
    assertThat(t.callsPerTrial()).isEqualTo(1);
    assertThat(t.batchCalls()).isEqualTo(batch);
    assertThat(session.asked).as("the batch's clock is asked for in the single clock's mode")
        .containsExactly(DeviceTiming.AUTO, DeviceTiming.GRAPH);
    assertThat(t.device().median()).as("one call a trial").isEqualTo(7_000.0);
    assertThat(t.batch().median()).isCloseTo(5_000 + 2_000.0 / batch, within(1e-6));
    assertThat(t.primary()).isSameAs(t.batch());
    assertThat(t.trials()).hasSize(4).allSatisfy(trial -> assertThat(trial.batchNanos()).isNotNull());
    assertThat(t.singleCall()).isSameAs(t.device());
  }

  @Test
  void batchTrialsAfterTheFirstBatchComeUntilTheRuleDecidesTheWorkersRuleAgreeingWithTheEngines() throws Throwable {
    TrialClock graph = new LaunchCostClock(0.01);
    // 3 trials with the front, then until the rule decides: a trial spends ~0.37 ms of the 2 ms budget, its batch
    // trial (72 calls of ~5 µs) most of it, so the budget ends the trials at the 6th. The runner stops on its own copy
    // of the rule: one that left the batch trials' time out would not decide there, and a runner that decides
    // otherwise than the engine fails the case.
    Timing t = run(new ClockSession(graph), new TrialPolicy(1, 3, 10, 1e-9, 0.95, 0.002, 0, CacheMode.HOT,
        DeviceTiming.AUTO));

    assertThat(t.batchCalls()).isPositive();
    assertThat(t.stop()).isEqualTo(io.gpubench.api.result.StopReason.TIME_BUDGET);
    assertThat(t.trials()).hasSizeBetween(5, 7).allSatisfy(trial -> assertThat(trial.batchNanos()).isNotNull());
    assertThat(t.primary()).isSameAs(t.batch());
  }

  @Test
  void aDeclaredCallsPerTrialGetsNoBatchFigure() throws Throwable {
    Timing t = run(new ClockSession(new CapturingClock()), policy(3, 1, DeviceTiming.GRAPH));
    assertThat(t.batch()).isNull();
    assertThat(t.batchCalls()).isZero();
    assertThat(t.primary()).isSameAs(t.device());
  }

  @Test
  void aPlainClockRecordsEventsWithoutASeparateLaunchInclusiveFigure() throws Throwable {
    TrialClock plain = new TrialClock() {
      long started;

      @Override
      public void start() {
        started = System.nanoTime();
      }

      @Override
      public TrialTime stop() {
        return new TrialTime(System.nanoTime() - started, 300);
      }

      @Override
      public String deviceClock() {
        return "fake-event";
      }

      @Override
      public DeviceTiming mode() {
        return DeviceTiming.EVENTS;
      }

      @Override
      public String modeReason() {
        return "asked for";
      }
    };
    Timing t = run(new ClockSession(plain), policy(3, 2, DeviceTiming.EVENTS));

    assertThat(Counting.CALLS.get()).as("the checked call; the default time() makes every call").isEqualTo(1 + 6);
    assertThat(t.deviceTiming()).isEqualTo(DeviceTiming.EVENTS);
    assertThat(t.device().median()).isEqualTo(150.0);
    assertThat(t.launchInclusive()).isNull();
    assertThat(t.trials()).allSatisfy(trial -> assertThat(trial.launchInclusiveNanos()).isNull());
  }

  @Test
  void theModeTheReasonAndTheLaunchInclusiveFigureSurviveTheResultsFile() throws Throwable {
    Timing t = run(new ClockSession(new CapturingClock()), policy(3, 1, DeviceTiming.AUTO));
    Timing old = new Timing("cuda-event", CacheMode.HOT, 1, 1, 1, t.trials().stream()
        .map(trial -> new Trial(trial.hostNanos(), trial.deviceNanos())).toList(), t.host(), t.device(),
        t.stop(), t.stopDetail(), t.timedSeconds());
    Path file = dir.resolve("results.json");

    ResultsFile.write(run(t, old), file);

    String json = java.nio.file.Files.readString(file);
    assertThat(json).contains("\"deviceTiming\" : \"GRAPH\"", "\"launchInclusiveNanos\"", "\"launchInclusive\"");
    List<CaseResult> back = ResultsFile.read(file).cases();
    assertThat(back.get(0).timing()).isEqualTo(t);
    // a timing without the fields (host only, or written before modes existed) reads back without them
    assertThat(back.get(1).timing()).isEqualTo(old);
    assertThat(back.get(1).timing().deviceTiming()).isNull();
    assertThat(back.get(1).timing().launchInclusive()).isNull();
  }

  private static RunResult run(Timing... timings) {
    List<CaseResult> cases = new ArrayList<>();
    for (int i = 0; i < timings.length; i++) {
      cases.add(new CaseResult("a.B#w[n=" + i + "][FP32][cuda:0]", "a.B", "w", "w [" + i + ", FP32, cuda:0]",
          BackendId.of("cuda", 0), Precision.FP32, Map.of("n", (long) i), CaseStatus.PASSED, null, timings[i], null, null, null,
          null, Map.of()));
    }
    Environment env = new Environment("h", "Linux", "amd64", "cpu", 2, 1L << 30, "jvm", "0.1", null, Map.of(),
        List.of(), Map.of());
    return new RunResult(RunResult.SCHEMA, "id", "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", env, cases);
  }

  @Test
  void aTrialOfTheOldShapeHasNoLaunchInclusiveFigure() {
    assertThat(new Trial(1, 2.0).launchInclusiveNanos()).isNull();
    assertThat(new TrialClock.TrialTime(1, 2).launchInclusiveNanos()).isNaN();
  }
}
