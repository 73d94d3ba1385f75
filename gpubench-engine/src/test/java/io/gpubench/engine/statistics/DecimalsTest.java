package io.gpubench.engine.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Decimals} writes what {@code String.format(Locale.ROOT, ...)} writes, character for character: over values
 * of every magnitude a case's words hold (random mantissas from 10^-12 to 10^15, both signs), the ties where the binary
 * value and its shortest decimal round apart (0.125, 1.005, 2.675, 0.0005), negative zero, values that round up to the
 * next power of ten, and the non-finite ones.
 */
class DecimalsTest {

  @Test
  void writesWhatFormatterWrites() {
    List<Double> values = new ArrayList<>(List.of(0.0, -0.0, 0.125, 1.005, 2.675, 0.0005, 0.00005, 9.995, 99.95,
        999.5, 0.99995, 1e-4, 9.9995e-5, 1e-5, 123456789.0, 1e15, 5e-324, Double.MAX_VALUE, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.015, 0.025, 1.115, 12.5, 0.5, 1.5, 2.5, 99.5, 0.45,
        1234.5, 0.1 + 0.2, 100.0, 1000.0, 1e3 - 1e-12, 0.001, 0.00123456, 3.14159e-7));
    SplittableRandom random = new SplittableRandom(20261207);
    for (int i = 0; i < 200_000; i++) {
      double v = random.nextDouble() * Math.pow(10, random.nextInt(-12, 16));
      if (i % 7 == 0) {
        v = Math.round(v * 1000) / 1000.0 + (i % 2 == 0 ? 0.0005 : 0.005); // near the ties of 2 and 3 decimals
      }
      values.add(i % 2 == 0 ? v : -v);
    }
    for (double v : values) {
      for (int d = 0; d <= 3; d++) {
        assertThat(Decimals.fixed(v, d)).as("%%.%df of %s", d, v)
            .isEqualTo(String.format(Locale.ROOT, "%." + d + "f", v));
        assertThat(Decimals.signed(v, d)).as("%%+.%df of %s", d, v)
            .isEqualTo(String.format(Locale.ROOT, "%+." + d + "f", v));
      }
      for (int g = 1; g <= 4; g++) {
        assertThat(Decimals.significant(v, g)).as("%%.%dg of %s", g, v)
            .isEqualTo(String.format(Locale.ROOT, "%." + g + "g", v));
      }
    }
  }

  @Test
  void groupsAsFormatterGroups() {
    SplittableRandom random = new SplittableRandom(7);
    List<Long> values = new ArrayList<>(List.of(0L, 1L, -1L, 999L, 1000L, -1000L, 999_999L, 1_000_000L,
        Long.MAX_VALUE, Long.MIN_VALUE));
    for (int i = 0; i < 10_000; i++) {
      values.add(random.nextLong() >> random.nextInt(64));
    }
    for (long v : values) {
      assertThat(Decimals.grouped(v)).as("%%,d of %d", v).isEqualTo(String.format(Locale.ROOT, "%,d", v));
    }
  }
}
