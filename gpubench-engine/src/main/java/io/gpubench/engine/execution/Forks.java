package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.ForkTiming;
import io.gpubench.api.result.Spent;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.api.result.Warmup;
import io.gpubench.api.result.WarmupEnd;
import io.gpubench.engine.statistics.ForkAgreement;
import io.gpubench.engine.statistics.ForkStatistics;
import io.gpubench.engine.statistics.StoppingRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Combines what the forks of a case measured into the case's timing: all trials, fork after fork; statistics whose
 * interval spans the forks ({@link ForkStatistics}, where the rule is stated); each fork's own figures in
 * {@link Timing#forks()}; a warm-up that is steady only when every fork's was; the stop reason of the interval the
 * case reports, not of the last fork's; the seconds of every fork.
 */
final class Forks {

  private Forks() {}

  static Timing combine(List<Timing> forks, double confidence, double target) {
    Timing first = forks.get(0);
    List<Trial> trials = new ArrayList<>();
    List<ForkTiming> perFork = new ArrayList<>();
    StringBuilder stop = new StringBuilder();
    double timed = 0;
    int discarded = 0;
    Spent spent = null;
    for (int i = 0; i < forks.size(); i++) {
      Timing t = forks.get(i);
      trials.addAll(t.trials());
      perFork.add(new ForkTiming(t.trials().size(), t.discardedTrials(), t.primary(), t.stop(), t.stopDetail(),
          t.warmup(), t.timedSeconds()));
      stop.append("fork ").append(i + 1).append(": ").append(t.stopDetail()).append("; ");
      timed += t.timedSeconds();
      discarded += t.discardedTrials();
      spent = t.spent() == null ? spent : spent == null ? t.spent() : spent.plus(t.spent());
    }
    Statistics host = statistics(forks, Trial::hostNanos, confidence, null);
    Statistics device = first.device() == null ? null : statistics(forks, Trial::deviceNanos, confidence, null);
    Statistics launch = first.launchInclusive() == null ? null
        : statistics(forks, Trial::launchInclusiveNanos, confidence, null);
    boolean batched = forks.stream().allMatch(t -> t.batch() != null);
    Statistics batch = batched ? statistics(forks, Trial::batchNanos, confidence, null) : null;
    StringBuilder rule = new StringBuilder();
    Statistics primary = statistics(forks, headline(batched), confidence, rule);
    stop.append("across forks: ").append(rule);
    StopReason reason = stop(forks, primary, target);
    if (reason == StopReason.FORKS_DIFFER) {
      stop.append(String.format(Locale.ROOT, "; every fork reached the target ±%.2f%%, the interval across them did"
          + " not", target * 100));
    }
    return new Timing(first.deviceClock(), first.deviceTiming(), first.deviceTimingReason(), first.cache(),
        first.warmupCalls(), first.callsPerTrial(), first.firstCallNanos(), trials, host, device, launch,
        reason, stop.toString(), timed, warmup(forks), discarded, perFork, batch, batched ? first.batchCalls() : 0,
        spent);
  }

  /** A trial's headline figure: the batch's where every fork has one, else the device's, else the host's. */
  private static Function<Trial, Double> headline(boolean batched) {
    return t -> batched && t.batchNanos() != null ? t.batchNanos()
        : t.deviceNanos() != null ? t.deviceNanos() : t.hostNanos();
  }

  /**
   * Why the case's trials stopped, as its figure says: the target was reached only where the interval across the
   * forks reached it, and the resolution only where that interval is within it. Otherwise a fork's reason that was
   * neither (the last such fork's), or, where every fork reached one on its own, {@link StopReason#FORKS_DIFFER}.
   */
  static StopReason stop(List<Timing> forks, Statistics combined, double target) {
    if (combined.relativeHalfWidth() <= target) {
      return StopReason.TARGET_REACHED;
    }
    if (StoppingRule.withinResolution(combined.median(), combined.relativeHalfWidth())) {
      return StopReason.RESOLUTION;
    }
    StopReason reason = StopReason.FORKS_DIFFER;
    for (Timing t : forks) {
      if (t.stop() != StopReason.TARGET_REACHED && t.stop() != StopReason.RESOLUTION) {
        reason = t.stop();
      }
    }
    return reason;
  }

  private static Statistics statistics(List<Timing> forks, Function<Trial, Double> clock, double confidence,
      StringBuilder detail) {
    ForkStatistics.Combined c = ForkStatistics.of(samples(forks, clock), confidence);
    if (detail != null) {
      detail.append(c.detail());
    }
    return c.statistics();
  }

  /**
   * Whether the forks reached different outcomes, on the case's headline clock.
   *
   * @param forks the forks' timings
   * @return the disagreement, or empty
   */
  static java.util.Optional<ForkAgreement.Disagreement> disagreement(List<Timing> forks) {
    return ForkAgreement.of(headlineSamples(forks));
  }

  /**
   * Each fork's trials on the case's headline clock.
   *
   * @param forks the forks' timings
   * @return per-call times, a fork an entry
   */
  static List<double[]> headlineSamples(List<Timing> forks) {
    return samples(forks, headline(forks.stream().allMatch(t -> t.batch() != null)));
  }

  private static List<double[]> samples(List<Timing> forks, Function<Trial, Double> clock) {
    List<double[]> samples = new ArrayList<>();
    for (Timing t : forks) {
      samples.add(t.trials().stream().mapToDouble(x -> clock.apply(x)).toArray());
    }
    return samples;
  }

  private static Warmup warmup(List<Timing> forks) {
    WarmupEnd end = WarmupEnd.STEADY;
    StringBuilder detail = new StringBuilder();
    double seconds = 0;
    int rounds = 0;
    for (int i = 0; i < forks.size(); i++) {
      Warmup w = forks.get(i).warmup();
      if (w == null) {
        return null;
      }
      if (w.end() == WarmupEnd.CAP || (w.end() == WarmupEnd.CALLS && end == WarmupEnd.STEADY)) {
        end = w.end();
      }
      detail.append(i == 0 ? "" : "; ").append("fork ").append(i + 1).append(": ").append(w.detail());
      seconds += w.seconds();
      rounds += w.rounds();
    }
    return new Warmup(end, detail.toString(), seconds, rounds);
  }

  /**
   * A case the default forks were not run for, saying why in its stop detail.
   *
   * @param r the first fork's result
   * @param why the reason, appended to the stop detail
   * @return the result
   */
  static CaseResult oneFork(CaseResult r, String why) {
    Timing t = r.timing();
    Timing timing = new Timing(t.deviceClock(), t.deviceTiming(), t.deviceTimingReason(), t.cache(), t.warmupCalls(),
        t.callsPerTrial(), t.firstCallNanos(), t.trials(), t.host(), t.device(), t.launchInclusive(), t.stop(),
        t.stopDetail() + why, t.timedSeconds(), t.warmup(), t.discardedTrials(), t.forks(), t.batch(), t.batchCalls(),
        t.spent());
    return new CaseResult(r.id(), r.benchmark(), r.workload(), r.displayName(), r.backend(), r.precision(), r.shape(),
        r.status(), r.message(), timing, r.correctness(), r.throughput(), r.telemetry(), r.memory(), r.metrics(),
        r.audit(), r.worldSize(), r.flags(), r.axisOverrides());
  }

  /**
   * Every fork's flags, one per code, the details of the forks that raised it joined. A measured slowdown is the
   * largest of the forks' (the case's figures pool their trials, so no fork's slowdown can move them further); where
   * one fork's was not measured, the case's is not either.
   */
  static List<Flag> flags(List<CaseResult> forks) {
    Map<String, StringBuilder> byCode = new LinkedHashMap<>();
    Map<String, Double> slowdowns = new LinkedHashMap<>();
    Map<String, Boolean> unmeasured = new LinkedHashMap<>();
    for (int i = 0; i < forks.size(); i++) {
      for (Flag f : forks.get(i).flags()) {
        StringBuilder d = byCode.computeIfAbsent(f.code(), k -> new StringBuilder());
        d.append(d.length() == 0 ? "" : "; ").append("fork ").append(i + 1).append(": ").append(f.detail());
        if (f.slowdown() == null) {
          unmeasured.put(f.code(), true);
        } else {
          slowdowns.merge(f.code(), f.slowdown(), Math::max);
        }
      }
    }
    List<Flag> flags = new ArrayList<>();
    byCode.forEach((code, detail) -> flags.add(new Flag(code, detail.toString(),
        unmeasured.containsKey(code) ? null : slowdowns.get(code))));
    return flags;
  }
}
