package io.gpubench.results.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.CaseResult;
import io.gpubench.results.compare.ReportFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class CaseReportTest {

  @Test
  void anAuditedCaseListsEveryKernelItsAttributionItsCostAndTheFiles() {
    CaseResult vit = ReportFixtures.h200RunAudited().cases().stream()
        .filter(c -> c.id().equals(ReportFixtures.VIT_FP16)).findFirst().orElseThrow();
    String md = CaseReport.render(vit, List.of("trials.jfr"));
    assertThat(md).startsWith("### vit \\[batch=32, FP16, cuda:0\\]\n\n`" + ReportFixtures.VIT_FP16 + "`\n\n**PASSED**");
    assertThat(md).contains("**Kernels of one call after the trials**: ATen 55%, cuBLASLt 44%, benchmark 1.7%, 84 "
        + "kernels; GPU time ");
    assertThat(md.lines().filter(l -> l.startsWith("| ") && l.contains("libtorch\\_cuda.so"))).hasSize(14);
    // the hostile kernel name is escaped: it cannot end the table cell or become markup
    assertThat(md).contains("void at::native::\\</td\\>\\<script\\>alert(5)\\</script\\>\\<td\\>(int)");
    assertThat(md).contains("Audit cost: 41 ms of host time, the call 30 ms of it; 84 launch calls, 84 stack walks.");
    assertThat(md).endsWith("**Files**\n\n- trials.jfr\n");
  }

  @Test
  void anAxisTheRunSetIsNamedWithTheKeyThatSetIt() {
    CaseResult diag = ReportFixtures.axesRun().cases().stream()
        .filter(c -> c.id().equals(ReportFixtures.STENCIL_DIAG)).findFirst().orElseThrow();
    assertThat(CaseReport.render(diag, List.of())).contains("| axis layout | diag (set by the run: gpubench.axes.layout) |");
  }

  @Test
  void aSkippedAuditGivesItsReasonAndACaseWithoutOneNoSection() {
    List<CaseResult> cases = ReportFixtures.h200RunAudited().cases();
    assertThat(CaseReport.render(cases.get(2), List.of()))
        .contains("**Kernels of one call after the trials**: skipped — CUPTI refused: ");
    assertThat(CaseReport.render(cases.get(1), List.of())).doesNotContain("Kernels");
  }
}
