package io.gpubench.maven.rules;

import static io.gpubench.maven.Fixtures.gemm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.results.select.CasePattern;
import org.junit.jupiter.api.Test;

final class CasePatternTest {

  private final CaseResult fp16 = gemm(256, Precision.FP16, "cuda:0", 100, 110);
  private final CaseResult fp32 = gemm(256, Precision.FP32, "cpu", 100, 110);

  @Test
  void matchesTheWholeIdLiterallyIncludingBrackets() {
    assertThat(CasePattern.of(fp16.id()).matches(fp16)).isTrue();
    assertThat(CasePattern.of(fp16.id()).matches(fp32)).isFalse();
  }

  @Test
  void wildcardsSelectByPrecisionAndBackend() {
    assertThat(CasePattern.of("*[FP16][cuda*").matches(fp16)).isTrue();
    assertThat(CasePattern.of("*[FP16][cuda*").matches(fp32)).isFalse();
    assertThat(CasePattern.of("*[FP??][cpu]").matches(fp32)).isTrue();
  }

  @Test
  void aClassOrClassAndWorkloadSelectsAllTheirCasesBySimpleOrFullName() {
    for (String p : new String[] {"GemmBenchmark", "io.x.GemmBenchmark", "GemmBenchmark#matmul", "Gemm*#mat*"}) {
      assertThat(CasePattern.of(p).matches(fp16)).as(p).isTrue();
    }
    assertThat(CasePattern.of("GemmBenchmark#conv").matches(fp16)).isFalse();
    assertThat(CasePattern.of("Gemm").matches(fp16)).isFalse();
  }

  @Test
  void idsWithTheSimpleClassNameMatchToo() {
    assertThat(CasePattern.of("GemmBenchmark#matmul[m=256*][FP16]*").matches(fp16)).isTrue();
  }

  @Test
  void anEmptyPatternIsRefused() {
    assertThatThrownBy(() -> CasePattern.of(" ")).hasMessageContaining("empty");
  }
}
