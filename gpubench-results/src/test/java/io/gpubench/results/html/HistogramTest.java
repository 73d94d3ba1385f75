package io.gpubench.results.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistogramTest {

  @Test
  void binsCoverTheSampleWithTheTopEdgeInTheLastBin() {
    List<Double> xs = new ArrayList<>();
    for (int i = 0; i <= 100; i++) {
      xs.add((double) i);
    }
    Histogram h = Histogram.of(xs);
    assertThat(h.counts()).hasSize(11);
    assertThat(Arrays.stream(h.counts()).sum()).isEqualTo(101);
    assertThat(h.low()).isZero();
    assertThat(h.low() + h.width() * h.counts().length).isCloseTo(100.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(h.counts()[10]).isEqualTo(10);
  }

  @Test
  void binCountStaysBetweenFiveAndForty() {
    assertThat(Histogram.of(List.of(1.0, 2.0, 3.0)).counts()).hasSize(5);
    List<Double> many = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      many.add(i * 0.5);
    }
    assertThat(Histogram.of(many).counts()).hasSize(40);
  }

  @Test
  void equalSamplesMakeOneBinAndNonFiniteOnesAreLeftOut() {
    Histogram h = Histogram.of(Arrays.asList(7.0, 7.0, Double.NaN, null, 7.0));
    assertThat(h.counts()).containsExactly(3);
    assertThat(h.width()).isZero();
    assertThat(Histogram.of(List.of()).counts()).isEmpty();
  }
}
