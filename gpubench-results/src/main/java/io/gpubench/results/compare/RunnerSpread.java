package io.gpubench.results.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How far a whole run of unchanged code moved on the runner that recorded a baseline, measured over all the
 * baseline's cases at once: a figure of the runner, not of one case.
 *
 * <h2>Why a case's own runs are not enough</h2>
 * On a shared 2-vCPU runner, runs of a case mostly agree within 1–5%, and now and then a whole run is 1.3–1.6× slower
 * (the host's other tenants on the shared L3 cache and memory bus, which the contention probe's arithmetic does not
 * feel). Five or ten baseline runs of one case rarely hold such a run, so the case's spread promises a precision that
 * the next build does not keep: against 5 recorded runs, 12 of 250 verdicts on unchanged code were SLOWER (the
 * image-kernels gate figures of 2026-12-03, {@code docs/maven-plugin.md}). Over 25 cases × 10 runs the excursions are
 * there to count: 10% of runs were more than 1.38× off their case's median, 5% more than 1.52×.
 *
 * <h2>The figure</h2>
 * For each clock, the {@value #QUANTILE_PERCENT}th percentile of {@code |ln(run median / case median)|} over every
 * clean run (no telemetry flag) of every case with at least {@value #MIN_RUNS} clean runs, where at least
 * {@value #MIN_VALUES} such deviations exist; none otherwise. A comparison against a recorded baseline widens its
 * interval to at least this much ({@link CaseComparator}): a new run may land that far off for no reason in the code.
 * Runs made in turns with the current ones (A/B mode) share their conditions and do not need it.
 *
 * @param byClock the excursion per clock ({@link RunSamples#HOST}, {@link RunSamples#DEVICE}, ...)
 */
public record RunnerSpread(Map<String, Excursion> byClock) {

  /** The percentile of the runs' deviations taken as the runner's excursion. */
  public static final int QUANTILE_PERCENT = 95;

  /** The fewest clean runs a case needs to contribute: two runs have no median apart from their mean. */
  public static final int MIN_RUNS = 3;

  /** The fewest deviations the percentile is taken over. */
  public static final int MIN_VALUES = 20;

  /** No runner figure: comparisons rest on each case's own runs. */
  public static final RunnerSpread NONE = new RunnerSpread(Map.of());

  /**
   * How far whole runs moved on one clock.
   *
   * @param factor the excursion as a ratio, at least 1 (1.52: a run 1.52× slower or faster than its case's median)
   * @param cases how many cases contributed
   * @param runs how many runs they contributed
   */
  public record Excursion(double factor, int cases, int runs) {

    /** The natural logarithm of the factor, the half-width it gives an interval on log times. */
    public double log() {
      return Math.log(factor);
    }

    /** What the figure is and where it comes from, for a verdict's reason. */
    public String describe() {
      return String.format(Locale.ROOT, "whole runs on this runner moved up to ×%.2f (the %dth percentile over %d "
          + "baseline runs of %d cases)", factor, QUANTILE_PERCENT, runs, cases);
    }
  }

  /**
   * Makes the record, copying the map.
   *
   * @param byClock the excursion per clock
   */
  public RunnerSpread {
    byClock = Map.copyOf(byClock);
  }

  /**
   * Measures the runner from a baseline's runs.
   *
   * @param cases each case's runs, one list per case
   * @return the figure per clock, where enough runs exist
   */
  public static RunnerSpread of(Collection<List<RunSamples>> cases) {
    Map<String, List<Double>> deviations = new HashMap<>();
    Map<String, int[]> counts = new HashMap<>();
    for (List<RunSamples> runs : cases) {
      List<RunSamples> clean = runs.stream().filter(r -> r.flags().isEmpty() && r.size() > 0).toList();
      if (clean.size() < MIN_RUNS || clean.stream().map(RunSamples::clock).distinct().count() != 1) {
        continue;
      }
      String clock = clean.get(0).clock();
      double[] logs = clean.stream().mapToDouble(r -> Math.log(r.median())).toArray();
      double center = Intervals.median(logs);
      List<Double> into = deviations.computeIfAbsent(clock, c -> new ArrayList<>());
      Arrays.stream(logs).forEach(l -> into.add(Math.abs(l - center)));
      int[] n = counts.computeIfAbsent(clock, c -> new int[2]);
      n[0]++;
      n[1] += logs.length;
    }
    Map<String, Excursion> byClock = new HashMap<>();
    deviations.forEach((clock, values) -> {
      if (values.size() >= MIN_VALUES) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double q = sorted[(int) Math.ceil(QUANTILE_PERCENT / 100.0 * sorted.length) - 1];
        byClock.put(clock, new Excursion(Math.exp(q), counts.get(clock)[0], counts.get(clock)[1]));
      }
    });
    return new RunnerSpread(byClock);
  }

  /**
   * The excursion measured on a clock.
   *
   * @param clock the clock
   * @return the excursion, or empty where too few runs were recorded
   */
  public Optional<Excursion> on(String clock) {
    return Optional.ofNullable(byClock.get(clock));
  }
}
