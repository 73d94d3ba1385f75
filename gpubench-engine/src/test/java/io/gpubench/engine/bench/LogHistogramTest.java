package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LogHistogramTest {

  @Test
  void quantilesAreExactToTheBinsHalfPercent() {
    LogHistogram h = new LogHistogram();
    assertThat(h.quantile(0.5)).isNaN();
    for (int i = 1; i <= 1_000; i++) {
      h.add(1_000 + i); // 1001 .. 2000 ns
    }
    assertThat(h.count()).isEqualTo(1_000);
    assertThat(h.quantile(0.1)).isCloseTo(1_100, within(1_100 * 0.006));
    assertThat(h.quantile(0.5)).isCloseTo(1_500, within(1_500 * 0.006));
    assertThat(h.quantile(1.0)).isCloseTo(2_000, within(2_000 * 0.006));
  }

  @Test
  void valuesOutsideTheRangeCountInTheEndBins() {
    LogHistogram h = new LogHistogram();
    h.add(0);
    h.add(1e12);
    assertThat(h.quantile(0.5)).isLessThan(11);
    assertThat(h.quantile(1.0)).isGreaterThan(1e6);
  }
}
