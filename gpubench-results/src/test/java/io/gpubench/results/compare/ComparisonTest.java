package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.result.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  @Test
  void matchesCasesByIdWithTheFirstRunAsBaseline() {
    Comparison cmp = Comparison.of(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()));
    Comparison.Row gemm = row(cmp, ReportFixtures.GEMM_FP16);
    assertThat(gemm.cases()).hasSize(2).doesNotContainNull();
    assertThat(gemm.changes()).singleElement().extracting(CaseComparison::verdict).isEqualTo(Verdict.SLOWER);
    assertThat(gemm.changes().get(0).provisional()).isTrue();
    assertThat(row(cmp, ReportFixtures.GEMM_FP32_CPU).changes().get(0).verdict()).isEqualTo(Verdict.SAME);
    // The baseline's failed BF16 case makes the pair not comparable, though the A100 passed it.
    CaseComparison bf16 = row(cmp, ReportFixtures.GEMM_BF16).changes().get(0);
    assertThat(bf16.ambiguity()).isEqualTo(Ambiguity.NOT_COMPARABLE);
    assertThat(bf16.reason()).isEqualTo("the baseline: failed");
  }

  @Test
  void casesOnlyInALaterRunComeAfterTheBaselinesWithAGapOnTheLeft() {
    Comparison cmp = Comparison.of(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()));
    Comparison.Row last = cmp.rows().get(cmp.rows().size() - 1);
    assertThat(last.id()).contains("unet");
    assertThat(last.cases().get(0)).isNull();
    assertThat(last.changes().get(0).ambiguity()).isEqualTo(Ambiguity.NOT_COMPARABLE);
    assertThat(cmp.rows().get(0).id()).isEqualTo(ReportFixtures.GEMM_FP16);
  }

  @Test
  void labelsNameTheDeviceAndTellIdenticalRunsApart() {
    RunResult run = ReportFixtures.h200Run();
    assertThat(Comparison.labels(List.of(run, ReportFixtures.a100Run())))
        .containsExactly("NVIDIA H200 · bench-01 · 2026-11-30 00:12", "NVIDIA A100-SXM4-80GB · bench-02 · 2026-11-29 21:40");
    assertThat(Comparison.labels(List.of(run, run))).doesNotHaveDuplicates();
  }

  @Test
  void noRunIsAClearError() {
    assertThatThrownBy(() -> Comparison.of(List.of())).hasMessageContaining("at least one run");
  }

  private static Comparison.Row row(Comparison cmp, String id) {
    return cmp.rows().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }
}
