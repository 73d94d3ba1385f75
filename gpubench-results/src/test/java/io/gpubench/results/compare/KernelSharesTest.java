package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.result.KernelAudit;
import java.util.List;
import org.junit.jupiter.api.Test;

class KernelSharesTest {

  @Test
  void theLineGivesEachLibrarysShareThenTheKernelsPerCall() {
    assertThat(KernelShares.line(ReportFixtures.gemmAudit())).isEqualTo("cuBLASLt 100%, copies 0.4%, 1 kernel");
    assertThat(KernelShares.line(ReportFixtures.modelAudit()))
        .isEqualTo("ATen 55%, cuBLASLt 44%, benchmark 1.7%, 84 kernels");
    assertThat(KernelShares.line(KernelAudit.skipped("no CUPTI"))).isEqualTo(KernelShares.SKIPPED);
    assertThat(KernelShares.line(null)).isEqualTo(Figures.ABSENT);
  }

  @Test
  void partsSumTheKernelsOfALibraryAndKeepCopiesApartLargestFirst() {
    List<KernelShares.Part> parts = KernelShares.parts(ReportFixtures.modelAudit());
    assertThat(parts).extracting(KernelShares.Part::label).containsExactly("ATen", "cuBLASLt", "benchmark");
    assertThat(parts.stream().mapToDouble(KernelShares.Part::share).sum()).isCloseTo(1.0, within(1e-12));
    List<KernelShares.Part> gemm = KernelShares.parts(ReportFixtures.gemmAudit());
    assertThat(gemm.get(1)).isEqualTo(new KernelShares.Part("copies", 300 / 81_000.0, true));
  }

  @Test
  void aCallWithoutGpuWorkSaysSoAndCountsReadAsPeopleWriteThem() {
    KernelAudit empty = new KernelAudit(null, 1, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), null, null);
    assertThat(KernelShares.line(empty)).isEqualTo("no GPU work");
    assertThat(KernelShares.kernels(1)).isEqualTo("1 kernel");
    assertThat(KernelShares.kernels(0.98)).isEqualTo("1 kernel");
    assertThat(KernelShares.kernels(2)).isEqualTo("2 kernels");
    assertThat(KernelShares.kernels(1.5)).isEqualTo("1.5 kernels");
  }
}
