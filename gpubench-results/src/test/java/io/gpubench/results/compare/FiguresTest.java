package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FiguresTest {

  @Test
  void durationsPickTheUnitBySize() {
    assertThat(Figures.duration(850.0)).isEqualTo("850 ns");
    assertThat(Figures.duration(85_123.0)).isEqualTo("85.12 µs");
    assertThat(Figures.duration(1_234_567.0)).isEqualTo("1.235 ms");
    assertThat(Figures.duration(2.5e9)).isEqualTo("2.5 s");
  }

  @Test
  void ratesTakeSiPrefixesAttachedToSymbolsAndApartFromWords() {
    assertThat(Figures.rate(312.5e9, "FLOP/s")).isEqualTo("312.5 GFLOP/s");
    assertThat(Figures.rate(1520.0, "samples/s")).isEqualTo("1.52 k samples/s");
    assertThat(Figures.rate(12.0, "samples/s")).isEqualTo("12 samples/s");
  }

  @Test
  void absentFiguresPrintAsADashNotAsNaN() {
    assertThat(Figures.duration(null)).isEqualTo(Figures.ABSENT);
    assertThat(Figures.duration(Double.NaN)).isEqualTo(Figures.ABSENT);
    assertThat(Figures.rate(Double.POSITIVE_INFINITY, "B/s")).isEqualTo(Figures.ABSENT);
    assertThat(Figures.number(Double.POSITIVE_INFINITY)).isEqualTo("inf");
  }

  @Test
  void changesRoundToATenthWithoutANegativeZero() {
    assertThat(Figures.signedPercent(-0.0001)).isEqualTo("+0.0%");
    assertThat(Figures.signedPercent(0.2049)).isEqualTo("+20.5%");
    assertThat(Figures.signedPercent(-0.031)).isEqualTo("-3.1%");
    assertThat(Figures.signedPercent(Double.NaN)).isEqualTo(Figures.ABSENT);
    assertThat(Figures.signedPercent(Double.POSITIVE_INFINITY)).isEqualTo("+∞%");
  }

  @Test
  void sharesArePercentages() {
    assertThat(Figures.percent(0.42)).isEqualTo("42%");
    assertThat(Figures.percent(0.0042)).isEqualTo("0.4%");
    assertThat(Figures.percent(1.55)).isEqualTo("155%");
    assertThat(Figures.ratio(1.8823)).isEqualTo("×1.88");
  }
}
