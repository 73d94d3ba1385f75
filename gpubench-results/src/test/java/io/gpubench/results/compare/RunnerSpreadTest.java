package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunnerSpreadTest {

  @Test
  void theExcursionIsThe95thPercentileOfHowFarRunsLayFromTheirCasesMedian() {
    // 10 cases of 5 runs: at 1.00, 1.01, 1.02, 0.99 and one run that moved (1.05 in most cases, 1.6 in three).
    List<List<RunSamples>> cases = new ArrayList<>();
    for (int c = 0; c < 10; c++) {
      double moved = c < 3 ? 1.6 : 1.05;
      cases.add(List.of(run(RunSamples.HOST, 1.00 * (c + 1)), run(RunSamples.HOST, 1.01 * (c + 1)),
          run(RunSamples.HOST, 1.02 * (c + 1)), run(RunSamples.HOST, 0.99 * (c + 1)),
          run(RunSamples.HOST, moved * (c + 1))));
    }
    RunnerSpread spread = RunnerSpread.of(cases);
    RunnerSpread.Excursion host = spread.on(RunSamples.HOST).orElseThrow();
    // 50 deviations; the 48th smallest is the third largest: the three runs that moved to 1.6 lie 1.6/1.01 off.
    assertThat(host.factor()).isCloseTo(1.6 / 1.01, within(1e-9));
    assertThat(host.cases()).isEqualTo(10);
    assertThat(host.runs()).isEqualTo(50);
    assertThat(spread.on(RunSamples.DEVICE)).as("no device runs").isEmpty();
  }

  @Test
  void flaggedRunsCasesWithFewRunsAndTooFewDeviationsGiveNoFigure() {
    List<List<RunSamples>> cases = new ArrayList<>();
    for (int c = 0; c < 10; c++) {
      // two clean runs and a flagged one: fewer than three clean runs, so the case does not count
      cases.add(List.of(run(RunSamples.HOST, 1.0), run(RunSamples.HOST, 1.1),
          new RunSamples("f" + c, RunSamples.HOST, new double[] {9.0}, List.of("contended CPU (9x slower)"), 9)));
    }
    assertThat(RunnerSpread.of(cases).on(RunSamples.HOST)).isEmpty();

    List<List<RunSamples>> few = List.of(List.of(run(RunSamples.DEVICE, 1), run(RunSamples.DEVICE, 2),
        run(RunSamples.DEVICE, 3)));
    assertThat(RunnerSpread.of(few).on(RunSamples.DEVICE)).as("3 deviations are too few for a percentile").isEmpty();
    assertThat(RunnerSpread.NONE.on(RunSamples.HOST)).isEmpty();
  }

  private static int next;

  private static RunSamples run(String clock, double median) {
    return new RunSamples("r" + next++, clock, new double[] {median * 0.99, median, median * 1.01}, List.of());
  }
}
