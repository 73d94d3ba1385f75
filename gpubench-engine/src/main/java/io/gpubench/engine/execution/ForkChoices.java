package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Timing;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.statistics.ForkAgreement;
import io.gpubench.engine.statistics.SampleStatistics;
import io.gpubench.engine.statistics.StoppingRule;
import io.gpubench.results.compare.Figures;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many forks a case is measured in, beyond the device's default, decided from what the forks measured:
 *
 * <ul>
 *   <li><b>Forks that disagree</b> ({@link io.gpubench.engine.statistics.ForkAgreement}): where the count was the
 *       device's default, further forks are measured, up to {@value #DISAGREEMENT_FORKS} in all and within the
 *       case's budget (their workers' starts included: {@link #withinBudget}), until one outcome holds a majority of
 *       at least {@value #MAJORITY_FORKS} forks: then the case's figure (the median of all forks' trials) is the
 *       typical outcome's, and the {@code forks-disagree} flag says what each fork measured. Not where a fork's
 *       warm-up was cut short: the forks then differ by how far their JIT got, and further forks, cut alike, would
 *       not tell a typical outcome.
 *   <li><b>Steady at once</b>: the default second fork shows a second JIT profile. Once the forks of a workload agreed
 *       in this run, a later case of it that the first fork found steady at once (its trial loop compiled before the
 *       warm-up's first round, by the workload's earlier cases in that worker) and whose trials ran at the level the
 *       warm-up settled on ({@link #atWarmupLevel}), with no flag but one about noise or a trend
 *       ({@link #aboutNoise}), is measured in that fork alone: a second fork would time its own compiled loop of
 *       the same workload, which agreed the last time. Whether the trials reached their target does not enter: a
 *       second fork of the same compiled loop narrows a noisy interval, it does not find another outcome (of 1,000
 *       cases of an empty call, 709 took the default second fork, 541 of them after a first fork that stopped on a
 *       plateau, and every pair agreed).
 *   <li><b>Contention that outlasts a fork</b>: a first fork flagged {@code contended} (its slowdown measured) takes
 *       the default second fork, whose trials may run on a quiet core, unless the second forks of the run's last
 *       {@value #CONTENDED_ALIKE} cases contended so were contended as well: on such a runner (two vCPUs of one core,
 *       where the build never leaves the sibling idle) another fork is contended alike, and a case otherwise kept to
 *       one fork (steady at once, its workload's forks agreed) keeps to it; the gate bounds it by the slowdown
 *       measured. One second fork of a contended case that ran clean takes the rule back.
 *   <li><b>Long calls</b>: from {@value #LONG_CALL_NANOS} ns a call (a training step of a model, a large native
 *       kernel) the call's own work dominates its time, a second JVM repeats the case's first call and warm-up (tens
 *       of seconds for a model), and the few trials a budget allows make a between-fork interval wide anyway.
 * </ul>
 * A count declared ({@code @Fork(forks)}, {@code gpubench.forks}) is measured as declared. The stop detail of a case
 * kept to one fork says why.
 */
final class ForkChoices {
  /** The most forks a case whose forks disagree is measured in. */
  static final int DISAGREEMENT_FORKS = 5;

  /** The fewest forks that make a majority outcome the case's figure can stand on. */
  static final int MAJORITY_FORKS = 3;

  /**
   * How many cases in a row whose first fork was contended must have had a contended second fork before a contended
   * case keeps to one fork.
   */
  static final int CONTENDED_ALIKE = 3;

  // Workloads (class, workload, device) whose forks agreed in this run.
  private final Set<String> agreed = ConcurrentHashMap.newKeySet();
  // The latest cases whose first fork was contended, in a row, whose second fork was contended too.
  private final AtomicInteger contendedAlike = new AtomicInteger();
  // What the last fork measured in a fresh worker took, its start included.
  private volatile double freshForkSeconds;

  private static String workloadKey(CaseSpec spec) {
    return spec.declaration().type().getName() + "#" + spec.workload().name() + "@" + spec.backend().id();
  }

  /** Why a case keeps to its first fork, in the stop detail's words; null when it takes the default forks. */
  String oneFork(CaseSpec spec, CaseResult r, boolean steadyAtOnce, int forks) {
    if (longCalls(r)) {
      return String.format(Locale.ROOT, "; measured in one fork, not the default %d: at %s a call a second"
          + " worker would repeat the first call and the warm-up for a figure its own work dominates, not a JIT"
          + " profile (@Fork(forks) or gpubench.forks to measure in more)", forks,
          Figures.duration(r.timing().primary().median()));
    }
    if (!steadyAtOnce || !agreed.contains(workloadKey(spec))) {
      return null;
    }
    boolean contended = slowdown(r) != null;
    boolean alike = contendedAlike.get() >= CONTENDED_ALIKE;
    if (r.flags().stream().allMatch(f -> aboutNoise(f) || (alike && measuredContention(f)))) {
      return String.format(Locale.ROOT, "; measured in one fork, not the default %d: steady at once (its"
          + " trial loop compiled by the workload's earlier cases in this worker, whose forks agreed)%s%s"
          + " (@Fork(forks) or gpubench.forks to measure in more)", forks,
          r.timing().stop() == StopReason.TARGET_REACHED ? " and timed to its target"
              : ", its interval from this fork's trials",
          contended ? String.format(Locale.ROOT, "; contended, as the second forks of the last %d contended cases"
              + " were: another fork would run contended alike, and the gate bounds this one by its measured"
              + " slowdown", contendedAlike.get()) : "");
    }
    return null;
  }

  /**
   * Records what a case's second fork found where its first was contended (its slowdown measured): contended as
   * well, or on a quiet core. Only a run of such cases in a row counts ({@link #CONTENDED_ALIKE}).
   *
   * @param first the first fork's result
   * @param second the second fork's result
   */
  void secondFork(CaseResult first, CaseResult second) {
    if (slowdown(first) == null) {
      return;
    }
    if (slowdown(second) != null) {
      contendedAlike.incrementAndGet();
    } else {
      contendedAlike.set(0);
    }
  }

  // A contended core whose slowdown the probe measured: the gate bounds a run by it.
  private static boolean measuredContention(io.gpubench.api.result.Flag f) {
    return f.code().equals(io.gpubench.api.result.Flag.CONTENDED) && f.slowdown() != null && f.slowdown() > 1;
  }

  /**
   * Whether a flag, on a case steady at once, says only how the machine behaved during the trials, which a second
   * fork of the same compiled loop would not change: a wide plateau, a collection during a trial, a trend. A trend
   * elsewhere says the code was still changing; here the loop was compiled before the warm-up and the JIT quiet at
   * its end (it waits for the JIT), so what drifts over trials this short is the machine: of 1,000 cases of an empty
   * call, timed in 3 ms of trials each, some 55 were flagged trending (a few percent between the first and the last
   * third) and each took a second fork in another worker, about 75 ms. The flag stays on the case. A device-state
   * flag (a contended core, a throttled GPU) leaves the figure to the next fork's trials: those take the default
   * forks, but for a contended core whose contention outlasted the second forks of the last cases (the class
   * comment).
   */
  private static boolean aboutNoise(io.gpubench.api.result.Flag f) {
    return f.code().equals(io.gpubench.api.result.Flag.WIDE_PLATEAU)
        || f.code().equals(io.gpubench.api.result.Flag.GC)
        || f.code().equals(io.gpubench.api.result.Flag.TRENDING);
  }

  static List<Timing> timings(List<CaseDriver.Outcome> outcomes) {
    return outcomes.stream().map(o -> o.result().timing()).toList();
  }

  /**
   * Whether a fork's warm-up was cut short (its cap, or its share of the budget): forks that disagree then differ by
   * how far each got with its JIT, and further forks, cut alike, would not tell a typical outcome.
   */
  static boolean warmupCutShort(List<CaseDriver.Outcome> outcomes) {
    return outcomes.stream().anyMatch(o -> o.result().timing().warmup() != null
        && o.result().timing().warmup().end() == io.gpubench.api.result.WarmupEnd.CAP);
  }

  /**
   * Whether the forks' disagreement is the machine's, not the code's: a fork whose core the contention probe found
   * slowed ({@code contended}, its slowdown measured) is slower than the others by no more than that slowdown (within
   * {@link ForkAgreement#MIN_RATIO}, the difference that counts as a disagreement), and the forks left agree. Such a
   * fork measured the compiled code of its worker on a shared core; measuring again in the class's own workers tells
   * whether that code is another outcome, at a fraction of a fresh JVM's cost: of 1,000 cases of an empty call, 3 of
   * the 5 that disagreed had a first fork 1.4–1.6× contended and 1.41–1.42× slower, and each took two fresh workers
   * (2–3.4 s a case, their starts and first warm-ups) to find that the other JVM's outcome was the typical one.
   *
   * @param outcomes the forks so far
   * @return a description of the contended forks (for the flag), or null when contention does not explain it
   */
  static String contentionExplains(List<CaseDriver.Outcome> outcomes) {
    List<double[]> samples = Forks.headlineSamples(timings(outcomes));
    double[] medians = medians(samples);
    List<double[]> clean = new java.util.ArrayList<>();
    double cleanSlowest = 0;
    double cleanFastest = Double.POSITIVE_INFINITY;
    for (int i = 0; i < outcomes.size(); i++) {
      if (slowdown(outcomes.get(i)) == null) {
        clean.add(samples.get(i));
        cleanSlowest = Math.max(cleanSlowest, medians[i]);
        cleanFastest = Math.min(cleanFastest, medians[i]);
      }
    }
    if (clean.isEmpty() || clean.size() == outcomes.size() || ForkAgreement.of(clean).isPresent()) {
      return null;
    }
    StringBuilder which = new StringBuilder();
    for (int i = 0; i < outcomes.size(); i++) {
      Double slowdown = slowdown(outcomes.get(i));
      if (slowdown == null) {
        continue;
      }
      double median = medians[i];
      if (median < cleanSlowest || median / cleanFastest > slowdown * ForkAgreement.MIN_RATIO) {
        return null; // faster than a clean fork, or slower than its core's slowdown explains
      }
      which.append(which.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "fork %d (%.2fx slower than"
          + " the fastest clean fork, its core measured %.2fx slowed)", i + 1, median / cleanFastest, slowdown));
    }
    return which.toString();
  }

  /**
   * What the runner did about forks that disagree, for the flag's detail.
   *
   * @param spec the case
   * @param further how many further forks were measured
   * @param kept how many of them in the class's own workers
   * @param contended the contended forks that explain the difference ({@link #contentionExplains}), or null
   * @param total how many forks measured the case in all
   * @param majority whether one outcome holds a majority now
   * @return the note, starting with "; "
   */
  static String furtherForksNote(CaseSpec spec, int further, int kept, String contended, int total,
      boolean majority) {
    String why = contended == null ? "" : "; " + contended + " ran on a contended core, which explains the difference";
    if (further == 0) {
      return why + "; no further fork was measured (another would have taken the case past its budget of "
          + spec.trials().budgetSeconds() + " s)";
    }
    String where = kept == further ? String.format(Locale.ROOT, "%d further forks measured in the class's workers",
        further) : kept == 0 ? String.format(Locale.ROOT, "%d further forks measured in fresh workers", further)
        : String.format(Locale.ROOT, "%d further forks measured, %d in the class's workers and %d in fresh workers",
            further, kept, further - kept);
    return why + "; " + where + (majority ? ", until one outcome held a majority"
        : total >= DISAGREEMENT_FORKS ? ", up to " + DISAGREEMENT_FORKS + " in all"
        : ", within the case's budget");
  }

  /**
   * Why forks that disagree were not measured further, for the flag's detail: they were declared, a warm-up was cut
   * short, or they differ by less than {@value StoppingRule#RESOLUTION_NANOS} ns a call.
   *
   * @param declared whether the count of forks was declared
   * @param forks that count
   * @param outcomes the forks
   * @return the note, starting with "; "
   */
  static String notFurtherNote(boolean declared, int forks, List<CaseDriver.Outcome> outcomes) {
    if (declared) {
      return "; measured in the " + forks + " forks declared";
    }
    if (warmupCutShort(outcomes)) {
      return "; no further fork was measured: a warm-up was cut short, and further forks would be cut alike (their"
          + " outcomes are stages of the JIT's work, not of the code: a larger budget, or maxWarmupSeconds)";
    }
    return String.format(Locale.ROOT, "; no further fork was measured: the forks differ by less than %.2f ns a call,"
        + " a clock cycle, which is how the harness's own loop compiled in each JVM, not an outcome of the code",
        StoppingRule.RESOLUTION_NANOS);
  }

  /** A fork's measured contention slowdown, or null where it was not flagged contended with one. */
  private static Double slowdown(CaseDriver.Outcome o) {
    return slowdown(o.result());
  }

  private static Double slowdown(CaseResult r) {
    return r.flags().stream().filter(ForkChoices::measuredContention).map(io.gpubench.api.result.Flag::slowdown)
        .findFirst().orElse(null);
  }

  /**
   * Whether the forks' medians differ by less than {@value StoppingRule#RESOLUTION_NANOS} ns a call, the stopping
   * rule's resolution. Such forks are not measured further, whatever their ratio: less than a clock cycle of a 4 GHz
   * core, the difference is how the harness's own loop compiled in each JVM (unrolled one way or another), not an
   * outcome of the code it calls. Of 1,000 cases of an empty call, 3 to 7 a build had forks at 0.14 and 0.16 ns a
   * call, "disagreeing" far beyond their trials' spread, and each took one or two fresh workers (1.3 to 2 s a case) to
   * find a majority between two forms of the same loop. The flag stays.
   *
   * @param outcomes the forks
   * @return true where further forks would only tell forms of the harness's loop apart
   */
  static boolean belowLoopResolution(List<CaseDriver.Outcome> outcomes) {
    double[] medians = medians(Forks.headlineSamples(timings(outcomes)));
    double fastest = java.util.Arrays.stream(medians).min().orElse(0);
    double slowest = java.util.Arrays.stream(medians).max().orElse(0);
    return StoppingRule.belowResolution(slowest, fastest);
  }

  /** Each fork's median, on the case's headline clock. */
  private static double[] medians(List<double[]> samples) {
    return samples.stream().mapToDouble(SampleStatistics::median).toArray();
  }

  /** Whether one outcome holds a majority of at least {@value #MAJORITY_FORKS} forks. */
  static boolean majority(List<CaseDriver.Outcome> outcomes) {
    double[] medians = medians(Forks.headlineSamples(timings(outcomes)));
    for (double m : medians) {
      long close = java.util.Arrays.stream(medians).filter(o -> Math.max(o / m, m / o)
          < ForkAgreement.MIN_RATIO).count();
      if (close >= MAJORITY_FORKS && 2 * close > medians.length) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether another fork fits in the case's budget: every second its forks took so far, their workers' starts
   * included, and one more fork at the cost of the costliest fork so far, or, where it runs in a fresh worker, of the
   * last fork this run measured in a fresh worker where that was more. The starts count because a further fork is
   * the case's alone: counting warm-ups and trials only, and twice the budget, a case of an empty call whose forks
   * differed by 10% (two compiled forms of its loop) measured three further forks in fresh workers, 7.4 s for a
   * budget of 5 s, most of it starting JVMs.
   */
  boolean withinBudget(CaseSpec spec, List<CaseDriver.Outcome> outcomes, boolean freshWorker) {
    double spent = 0;
    double costliest = freshWorker ? freshForkSeconds : 0;
    for (CaseDriver.Outcome o : outcomes) {
      double s = forkSeconds(o);
      spent += s;
      costliest = Math.max(costliest, s);
    }
    return spent + costliest <= spec.trials().budgetSeconds();
  }

  /** All a fork took, its worker's start included. */
  private static double forkSeconds(CaseDriver.Outcome o) {
    var s = o.result().timing() == null ? null : o.result().timing().spent();
    return s == null ? 0 : s.totalSeconds();
  }

  /**
   * Records what a fork measured in a freshly started worker took, for {@link #withinBudget}.
   *
   * @param outcome the fork's outcome
   */
  void freshFork(CaseDriver.Outcome outcome) {
    freshForkSeconds = forkSeconds(outcome);
  }

  /**
   * Whether a fork's trials ran at the level its warm-up settled on: their median within {@value #LEVEL_RATIO} times
   * the last warm-up round's time per call, either way (host-timed trials of a warm cache, which time the same loop
   * as the rounds). A case steady at once whose trials did not is measured in the default forks: of 750 cases of a
   * gate's figures, one histogram settled at 17.0 µs a call and timed all its trials at 53.3 µs, unflagged, in its
   * one fork, and read as a regression of 200%. Times that differ by less than the harness resolves
   * ({@link StoppingRule#belowResolution}) are one level whatever their ratio: of 1,000 cases of an empty call on a
   * 2-vCPU VM whose pace moved with the host's, 188 had trials at 0.45–0.8 times the last round's 0.25–0.4 ns
   * (a round of a few batches, unscreened for contention) and took a second fork for it.
   *
   * @param warmupPerCallNanos the last round's median time per call
   * @param trials the trials' times per call
   * @return true when they agree, or there is nothing to compare
   */
  static boolean atWarmupLevel(double warmupPerCallNanos, double[] trials) {
    if (trials.length == 0 || !(warmupPerCallNanos > 0)) {
      return true;
    }
    double median = SampleStatistics.median(trials);
    double ratio = median / warmupPerCallNanos;
    return (ratio <= LEVEL_RATIO && ratio >= 1 / LEVEL_RATIO)
        || StoppingRule.belowResolution(median, warmupPerCallNanos);
  }

  /** How far a fork's trials may be from its warm-up's last round and still count as the same level. */
  static final double LEVEL_RATIO = 1.25;

  /** Whether a case's calls are so long that the default second fork is not worth it (the class comment's). */
  static boolean longCalls(CaseResult r) {
    return r.timing() != null && r.timing().primary().median() >= LONG_CALL_NANOS;
  }

  /** From this time per call, a case keeps to one fork unless more are asked for. */
  static final double LONG_CALL_NANOS = 100e6;

  /**
   * Records that a workload's forks agreed in this run.
   *
   * @param spec a case of it
   */
  void agreed(CaseSpec spec) {
    agreed.add(workloadKey(spec));
  }
}
