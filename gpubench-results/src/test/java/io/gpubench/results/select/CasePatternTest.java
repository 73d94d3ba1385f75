package io.gpubench.results.select;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.AxisValue;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.ReportFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules' and keys' case patterns over ids of every kind of axis: each id selects itself, written as it reads. */
class CasePatternTest {

  private static final RunResult RUN = ReportFixtures.axesRun();

  @Test
  void everyIdWrittenAsItReadsSelectsItselfAlone() {
    for (CaseResult c : RUN.cases()) {
      assertThat(RUN.cases().stream().filter(CasePattern.of(c.id())::matches)).as(c.id()).containsExactly(c);
    }
  }

  @Test
  void patternsSelectByNameRealAndZippedAxes() {
    assertThat(ids("*#separable[*layout=col]*")).hasSize(4).allSatisfy(id -> assertThat(id).contains("layout=col"));
    assertThat(ids("StencilBenchmark#separable[n=256,*")).hasSize(3);
    assertThat(ids("*[n=256,layout=diag][FP32][cpu]")).containsExactly(ReportFixtures.STENCIL_DIAG);
    assertThat(ids("LayerGemm#gemm[layer=qkv,*")).containsExactly(
        "examples.LayerGemm#gemm[layer=qkv,m=197,n=2304,k=768][FP32][cpu]");
    assertThat(ids("LayerGemm")).hasSize(3);
    assertThat(CasePattern.of("*alpha=0.5*").matches("x.A#w[alpha=" + AxisValue.real(0.50).text() + "][FP32][cpu]",
        "x.A", "w")).isTrue();
  }

  private static List<String> ids(String pattern) {
    CasePattern p = CasePattern.of(pattern);
    return RUN.cases().stream().filter(p::matches).map(CaseResult::id).toList();
  }
}
