package io.gpubench.history.changes;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.Flag;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Change points over memory series, which are nearly deterministic: the detector keeps a change only where the
 * gate's memory rule says the levels differ (1% + 1 MiB for device memory, 1% + 1024 B a trial over its calls for the
 * bytes a call allocates) and device memory moved by more than a 2 MiB page, so a caching allocator holding a page
 * more or less from run to run, or a trial's bookkeeping, never makes one, and a change the gate would call
 * {@code MORE MEMORY} does. Fixed seeds: the figures printed are measured.
 */
class MemoryChangesTest {

  private static final double MIB = 1 << 20;
  private static final double PAGE = 2 * MIB;

  @Test
  void aPageMoreOrLessFromRunToRunMakesNoChangePoint() {
    Random r = new Random(26);
    int falses = 0;
    int timeRule = 0;
    int points = 0;
    for (int s = 0; s < 200; s++) {
      // Levels from 4 MiB (a case's own share) to 64 GiB (a model's peak), log-uniform, in whole pages.
      double level = PAGE * Math.round(Math.exp(Math.log(2) + r.nextDouble() * Math.log(32768)));
      double[] v = new double[150];
      for (int i = 0; i < v.length; i++) {
        v[i] = level + PAGE * (r.nextInt(3) - 1);
      }
      falses += changes(Figure.PEAK_DEVICE_MEMORY, v, 1, List.of()).size();
      timeRule += ChangePointDetector.DEFAULT.detect(java.util.Arrays.stream(v).map(Math::log).toArray()).size();
      points += v.length;
    }
    System.out.printf(Locale.ROOT, "memory rule, 200 series of 150 device-memory peaks (4 MiB to 64 GiB, each run a "
        + "2 MiB page more, less or the same): %d false change points in %d points; the time's rule (a shift of 2%%) "
        + "on the same series: %d%n", falses, points, timeRule);
    assertThat(falses).isZero();
  }

  @Test
  void aPageMoreIsNoChangeAtAnyLevelAndTwoPagesOnASmallShareAre() {
    assertThat(changes(Figure.PEAK_DEVICE_MEMORY, step(8L << 30, PAGE, 40), 1, List.of())).isEmpty();
    // 6 to 8 MiB is beyond 1% + 1 MiB, yet a page: a caching allocator's jitter, not a change of the code.
    assertThat(changes(Figure.DEVICE_MEMORY_DELTA, step(6 * MIB, PAGE, 40), 1, List.of())).isEmpty();
    assertThat(changes(Figure.DEVICE_MEMORY_DELTA, step(6 * MIB, 2 * PAGE, 40), 1, List.of())).singleElement()
        .satisfies(c -> {
          assertThat(c.at().run().runId()).isEqualTo("run-40");
          assertThat(c.regression()).isTrue();
          assertThat(c.shift()).isEqualTo("+66.7% more memory");
          assertThat(c.levels()).isEqualTo("6 MiB → 10 MiB");
        });
    // 8 GiB to 8.5 GiB: beyond 1% + 1 MiB (82.9 MiB).
    assertThat(changes(Figure.PEAK_DEVICE_MEMORY, step(8L << 30, 512 * MIB, 40), 1, List.of())).singleElement()
        .satisfies(c -> assertThat(c.levels()).isEqualTo("8 GiB → 8.5 GiB"));
  }

  @Test
  void shiftsBeyondTheRuleAreFoundWhereTheyAre() {
    Random r = new Random(27);
    int found = 0;
    int exact = 0;
    int falses = 0;
    for (int s = 0; s < 100; s++) {
      double level = PAGE * Math.round(Math.exp(Math.log(50) + r.nextDouble() * Math.log(300)));
      // Beyond the allowance and a page by a tenth at least, up to 100%.
      double size = Math.max(1.1 * Math.max(0.01 * level + MIB, PAGE), level * r.nextDouble());
      int at = 20 + r.nextInt(110);
      double[] v = new double[150];
      for (int i = 0; i < v.length; i++) {
        v[i] = level + (i >= at ? size : 0) + PAGE * (r.nextInt(3) - 1) * (r.nextInt(4) == 0 ? 1 : 0);
      }
      List<Change> c = changes(Figure.PEAK_DEVICE_MEMORY, v, 1, List.of());
      boolean hit = c.stream().anyMatch(x -> Math.abs(index(x) - at) <= 2);
      found += hit ? 1 : 0;
      exact += c.stream().anyMatch(x -> index(x) == at) ? 1 : 0;
      falses += c.size() - (hit ? 1 : 0);
    }
    System.out.printf(Locale.ROOT, "memory rule, 100 device-memory series of 150 runs with one shift beyond the "
        + "allowance and a page (1.1x that to +100%%), a page of jitter in one run of 4: %d found within 2 runs (%d "
        + "exactly), %d false%n", found, exact, falses);
    assertThat(found).isGreaterThanOrEqualTo(98);
    assertThat(falses).isZero();
  }

  @Test
  void theBytesACallAllocatesChangeWhenTheCodeDoesAndNotWithTheTrialsBookkeeping() {
    Random r = new Random(28);
    // A float[1000] a call (4016 B) at 1000 calls a trial: the bookkeeping moves the figure by hundredths of a byte.
    double[] same = new double[60];
    double[] doubled = new double[60];
    double[] nothing = new double[60];
    for (int i = 0; i < same.length; i++) {
      same[i] = 4016 + 0.064 * r.nextDouble();
      doubled[i] = (i >= 30 ? 8056 : 4016) + 0.064 * r.nextDouble();
      // A loop over primitives: no allocation but the bookkeeping, a case the logarithm alone could not take.
      nothing[i] = i % 5 == 0 ? 0 : 0.04 * r.nextDouble();
    }

    assertThat(changes(Figure.ALLOCATED_BYTES_PER_CALL, same, 1000, List.of())).isEmpty();
    assertThat(changes(Figure.ALLOCATED_BYTES_PER_CALL, nothing, 1000, List.of())).isEmpty();
    assertThat(changes(Figure.ALLOCATED_BYTES_PER_CALL, doubled, 1000, List.of())).singleElement().satisfies(c -> {
      assertThat(c.at().run().runId()).isEqualTo("run-30");
      assertThat(c.shift()).isEqualTo("+100.6% more memory");
      assertThat(c.levels()).startsWith("3.922 KiB → 7.867 KiB");
    });
  }

  @Test
  void runsWhoseWarmUpWasCutShortAreSetAsideFromTheAllocationSeriesOnly() {
    // Five runs in a row cut short, their unfinished code allocating 100 B a call more: set aside, no change.
    double[] v = new double[40];
    List<Integer> cutShort = List.of(20, 21, 22, 23, 24);
    for (int i = 0; i < v.length; i++) {
      v[i] = 4016 + (cutShort.contains(i) ? 100 : 0);
    }
    assertThat(changes(Figure.ALLOCATED_BYTES_PER_CALL, v, 1000, cutShort)).isEmpty();
    assertThat(Figure.ALLOCATED_BYTES_PER_CALL.setAsideBy()).containsExactly(Flag.NOT_STEADY);
    assertThat(Figure.PEAK_DEVICE_MEMORY.setAsideBy()).isEmpty();
    assertThat(Figure.TIME.setAsideBy()).containsExactlyInAnyOrder(Flag.THROTTLED, Flag.SHARED, Flag.CONTENDED);
  }

  private static int index(Change c) {
    return Integer.parseInt(c.at().run().runId().substring("run-".length()));
  }

  private static double[] step(double level, double by, int at) {
    double[] v = new double[80];
    for (int i = 0; i < v.length; i++) {
      v[i] = level + (i >= at ? by : 0);
    }
    return v;
  }

  private static List<Change> changes(Figure f, double[] values, int callsPerTrial, List<Integer> notSteady) {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      RunInfo run = new RunInfo("run-" + i, "2026-12-01T00:00:00Z", i, null, true, null, "c" + i, "main", false, null,
          null, null, "testbed", Map.of(), null, "journal", 1);
      List<String> flags = notSteady.contains(i) ? List.of(Flag.NOT_STEADY + ": warm-up cut short") : List.of();
      points.add(new Point(run, "PASSED", "host", values[i], Double.NaN, Double.NaN, flags, null, callsPerTrial,
          flags.isEmpty() ? 1 : Double.POSITIVE_INFINITY));
    }
    return Change.of(new Series("case", "case", "testbed", "cpu", "FP32", f, points), ChangePointDetector.DEFAULT,
        List.of());
  }
}
