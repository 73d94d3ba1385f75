package io.gpubench.history.changes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The detector on series whose shifts are known (fixed seeds, so the figures below are measured, not random): its
 * recall, its false change points on series without any shift, and the size and place of what it reports.
 */
class ChangePointDetectorTest {

  private static final ChangePointDetector DETECTOR = ChangePointDetector.DEFAULT;

  @Test
  void findsAShiftWhereItIsWithItsSizeAndConfidence() {
    double[] z = new double[60];
    Random r = new Random(1);
    for (int i = 0; i < z.length; i++) {
      z[i] = Math.log(100) + (i >= 35 ? Math.log(1.2) : 0) + 0.02 * r.nextGaussian();
    }
    List<ChangePoint> found = DETECTOR.detect(z);
    assertThat(found).singleElement().satisfies(cp -> {
      assertThat(cp.index()).isEqualTo(35);
      assertThat(cp.ratio()).isBetween(1.18, 1.22);
      assertThat(cp.confidence()).isGreaterThan(0.999);
    });
  }

  @Test
  void aFlatNoisySeriesWithOutliersHasNoChangePoint() {
    Random r = new Random(2);
    int withFalse = 0;
    for (int s = 0; s < 50; s++) {
      GeneratedSeries.Generated g = GeneratedSeries.generate(r, 200, 0, 0.03, 10);
      withFalse += DETECTOR.detect(g.logValues()).isEmpty() ? 0 : 1;
    }
    assertThat(withFalse).as("flat series with a false change point, of 50").isLessThanOrEqualTo(1);
  }

  @Test
  void recallAndFalsePositivesOnGeneratedSeriesWithKnownShifts() {
    double[] otava = measure(ChangePointDetector.OTAVA, "Otava's (t-test, no minimum run)");
    double[] ours = measure(DETECTOR, "gpubench's (rank test, levels of 3 runs)");
    assertThat(ours[0]).isGreaterThanOrEqualTo(0.95).isGreaterThanOrEqualTo(otava[0] - 0.01);
    assertThat(ours[1]).isLessThanOrEqualTo(1.0).isLessThan(otava[1]);
  }

  private static double[] measure(ChangePointDetector detector, String name) {
    Random r = new Random(3);
    int shifts = 0;
    int found = 0;
    int falses = 0;
    int points = 0;
    int nullSeries = 0;
    int nullWithFalse = 0;
    for (int s = 0; s < 200; s++) {
      int k = s % 4;
      GeneratedSeries.Generated g = GeneratedSeries.generate(r, 150, k, 0.03, 15);
      int[] score = GeneratedSeries.score(g.shifts(), detector.detect(g.logValues()), 2);
      shifts += g.shifts().size();
      found += score[0];
      falses += score[1];
      points += g.logValues().length;
      if (k == 0) {
        nullSeries++;
        nullWithFalse += score[1] > 0 ? 1 : 0;
      }
    }
    double recall = (double) found / shifts;
    double falsePer1000 = 1000.0 * falses / points;
    System.out.printf(Locale.ROOT, "%s detector, on 200 generated series of 150 points (noise 3%%, shifts 5-40%%, "
        + "1 run in 50 an outlier of +10-30%%): recall %d of %d (%.1f%%) within 2 points; %d false change points "
        + "(%.2f per 1000 points); %d of %d series without a shift had one%n", name, found, shifts, 100 * recall, falses,
        falsePer1000, nullWithFalse, nullSeries);
    return new double[] {recall, falsePer1000};
  }

  @Test
  void aSeriesTooShortForATestHasNone() {
    assertThat(DETECTOR.detect(new double[] {1, 2, 3})).isEmpty();
  }
}
