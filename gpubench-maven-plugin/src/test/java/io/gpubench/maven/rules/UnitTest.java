package io.gpubench.maven.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.results.compare.Figures;
import org.junit.jupiter.api.Test;

final class UnitTest {

  @Test
  void timesNeedAUnitAndAreHeldInNanoseconds() {
    assertThat(Unit.NANOS.parse("2.5ms")).isCloseTo(2.5e6, within(1e-6));
    assertThat(Unit.NANOS.parse("250us")).isCloseTo(250e3, within(1e-6));
    assertThat(Unit.NANOS.parse("250µs")).isCloseTo(250e3, within(1e-6));
    assertThat(Unit.NANOS.parse("1s")).isCloseTo(1e9, within(1e-6));
    assertThat(Unit.NANOS.parse("800ns")).isCloseTo(800, within(1e-9));
    assertThatThrownBy(() -> Unit.NANOS.parse("2.5"))
        .hasMessageContaining("'2.5' is not a time").hasMessageContaining("ns, us, ms or s");
    assertThatThrownBy(() -> Unit.NANOS.parse("fast")).hasMessageContaining("'fast'");
  }

  @Test
  void ratesTakeSiPrefixesAndRatiosTakePercentages() {
    assertThat(Unit.PER_SECOND.parse("50T")).isCloseTo(5e13, within(1.0));
    assertThat(Unit.PER_SECOND.parse("1.5k")).isCloseTo(1500, within(1e-9));
    assertThat(Unit.PER_SECOND.parse("5e13")).isCloseTo(5e13, within(1.0));
    assertThat(Unit.RATIO.parse("80%")).isCloseTo(0.8, within(1e-12));
    assertThat(Unit.RATIO.parse("1.5")).isCloseTo(1.5, within(1e-12));
    assertThatThrownBy(() -> Unit.PER_SECOND.parse("lots")).hasMessageContaining("'lots' is not a number");
    // k is 1000 in limits (SI, as reports print rates), never 1024; a capital K is no prefix and is named so.
    assertThat(Unit.PER_SECOND.parse("2k")).isEqualTo(2000.0);
    assertThatThrownBy(() -> Unit.PER_SECOND.parse("2K"))
        .hasMessage("'2K' is not a number: write a plain number (5e13) or one with an SI prefix k, M, G, T or P, "
            + "powers of 1000 (50T)");
  }

  @Test
  void valuesPrintInTheUnitThatSuitsThemAsTheReportsPrintThem() {
    assertThat(Unit.NANOS.format(2_610_000)).isEqualTo("2.61 ms").isEqualTo(Figures.duration(2_610_000.0));
    assertThat(Unit.NANOS.format(812)).isEqualTo("812 ns");
    assertThat(Unit.NANOS.format(250_000)).isEqualTo("250 µs");
    assertThat(Unit.PER_SECOND.format(4.12e13)).isEqualTo("41.2 T/s");
    assertThat(Unit.RATIO.format(0.5)).isEqualTo("0.500");
  }

  @Test
  void memoryNeedsABinaryUnitAndIsHeldInBytes() {
    assertThat(Unit.BYTES.parse("4016B")).isEqualTo(4016.0);
    assertThat(Unit.BYTES.parse("6KiB")).isEqualTo(6144.0);
    assertThat(Unit.BYTES.parse("1.5 MiB")).isEqualTo(1.5 * 1048576);
    assertThat(Unit.BYTES.parse("9.8GiB")).isCloseTo(9.8 * (1L << 30), within(1.0));
    assertThatThrownBy(() -> Unit.BYTES.parse("512")).hasMessageContaining("'512' is not an amount of memory")
        .hasMessageContaining("KiB is 1024 bytes");
    assertThatThrownBy(() -> Unit.BYTES.parse("2GB")).hasMessageContaining("'2GB'");
    assertThat(Unit.BYTES.format(4016)).isEqualTo("3.922 KiB");
    assertThat(Unit.BYTES.format(10.5 * (1L << 30))).isEqualTo("10.5 GiB");
  }
}
