package io.gpubench.maven.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

final class GeomeanTest {

  @Test
  void aDoublingAndAHalvingCancel() {
    Geomean g = Geomean.of(List.of(ratio(100, 200), ratio(200, 100)));
    assertThat(g.ratio()).isCloseTo(1.0, within(1e-12));
    assertThat(g.cases()).isEqualTo(2);
  }

  @Test
  void ratiosCombineGeometrically() {
    Geomean g = Geomean.of(List.of(ratio(100, 110), ratio(100, 121)));
    assertThat(g.ratio()).isCloseTo(Math.sqrt(1.1 * 1.21), within(1e-12));
    assertThat(g.change()).isCloseTo(Math.sqrt(1.1 * 1.21) - 1, within(1e-12));
  }

  @Test
  void casesWithoutSamplesAreLeftOut() {
    Geomean g = Geomean.of(List.of(ratio(100, 110), ratio(Double.NaN, 5)));
    assertThat(g.cases()).isEqualTo(1);
    assertThat(Geomean.of(List.of()).ratio()).isNaN();
  }

  private static CaseComparison ratio(double base, double now) {
    return new CaseComparison(Verdict.SAME, null, false, base, now, now / base, Double.NaN, Double.NaN, 1, 3, 1, 30,
        10, "");
  }
}
