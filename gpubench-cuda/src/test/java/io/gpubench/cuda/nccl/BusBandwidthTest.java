package io.gpubench.cuda.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.cuda.nccl.BusBandwidth.Collective;
import org.junit.jupiter.api.Test;

/** Bus bandwidth as nccl-tests computes it (src/*.cu GetBw, doc/PERFORMANCE.md); no GPU needed. */
class BusBandwidthTest {

  @Test
  void factorsByCollectiveAndRanks() {
    assertThat(Collective.ALL_REDUCE.busFactor(1)).isZero();
    assertThat(Collective.ALL_REDUCE.busFactor(2)).isEqualTo(1.0);
    assertThat(Collective.ALL_REDUCE.busFactor(4)).isEqualTo(1.5);
    assertThat(Collective.ALL_REDUCE.busFactor(8)).isEqualTo(1.75);
    for (Collective c : new Collective[] {Collective.ALL_GATHER, Collective.REDUCE_SCATTER, Collective.ALL_TO_ALL}) {
      assertThat(c.busFactor(2)).as(c.name()).isEqualTo(0.5);
      assertThat(c.busFactor(8)).as(c.name()).isEqualTo(0.875);
    }
    for (Collective c : new Collective[] {Collective.BROADCAST, Collective.REDUCE, Collective.SEND_RECV}) {
      assertThat(c.busFactor(8)).as(c.name()).isEqualTo(1.0);
    }
  }

  @Test
  void anAllReduceOf256MiBInOneMillisecond() {
    long bytes = 256L << 20;
    BusBandwidth two = BusBandwidth.of(Collective.ALL_REDUCE, bytes, 2, 1e-3);
    assertThat(two.algGBps()).isCloseTo(268.435456, within(1e-9));
    assertThat(two.busGBps()).isCloseTo(268.435456, within(1e-9));
    BusBandwidth eight = BusBandwidth.of(Collective.ALL_REDUCE, bytes, 8, 1e-3);
    assertThat(eight.algGBps()).isCloseTo(268.435456, within(1e-9));
    assertThat(eight.busGBps()).isCloseTo(268.435456 * 1.75, within(1e-9));
  }

  @Test
  void theSameFiguresAsNcclTestsFormulas() {
    // AllGatherGetBw: baseBw = count * typesize * nranks / 1e9 / sec; busBw = baseBw * (nranks - 1) / nranks,
    // with count the elements each rank sends.
    long count = 1 << 20;
    int typesize = 2;
    int n = 4;
    double sec = 123e-6;
    double base = (double) (count * typesize * n) / 1.0E9 / sec;
    BusBandwidth ag = BusBandwidth.of(Collective.ALL_GATHER, count * typesize * n, n, sec);
    assertThat(ag.algGBps()).isCloseTo(base, within(1e-9));
    assertThat(ag.busGBps()).isCloseTo(base * (n - 1) / n, within(1e-9));
    // AllReduceGetBw: baseBw = count * typesize / 1e9 / sec; factor 2 * (nranks - 1) / nranks.
    BusBandwidth ar = BusBandwidth.of(Collective.ALL_REDUCE, count * typesize, n, sec);
    assertThat(ar.busGBps()).isCloseTo((double) (count * typesize) / 1.0E9 / sec * 2 * (n - 1) / n, within(1e-9));
  }

  @Test
  void impossibleInputsAreRefusedWithTheirValue() {
    assertThatThrownBy(() -> Collective.ALL_REDUCE.busFactor(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("ALL_REDUCE: a world has at least 1 rank; got 0");
    assertThatThrownBy(() -> BusBandwidth.of(Collective.BROADCAST, -1, 2, 1))
        .hasMessage("BROADCAST: bytes must not be negative; got -1");
    assertThatThrownBy(() -> BusBandwidth.of(Collective.ALL_REDUCE, 1, 2, 0))
        .hasMessage("ALL_REDUCE: the time of an operation must be positive and finite; got 0.0 s");
    assertThatThrownBy(() -> BusBandwidth.of(Collective.ALL_REDUCE, 1, 2, Double.NaN))
        .hasMessageContaining("got NaN s");
  }
}
