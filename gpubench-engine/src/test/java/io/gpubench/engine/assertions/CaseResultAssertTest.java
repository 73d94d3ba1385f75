package io.gpubench.engine.assertions;

import static io.gpubench.engine.assertions.GpuBenchAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.ErrorStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CaseResultAssertTest {
  // maxAbs 0.03, mse 1e-4 -> rms 0.01, psnr over range 2 = 10 log10(4 / 1e-4) = 46.02 dB
  private static final CaseResult CASE = new CaseResult("x.Gemm#g[n=1][FP16][cpu]", "x.Gemm", "g", "g", "cpu",
      Precision.FP16, Map.of("n", 1L), CaseStatus.PASSED, null, null,
      new Correctness(Precision.FP32, ErrorStats.fromSums(100, 0, 0.03, 100 * 1e-4, 100, 2), List.of(), null, 0, true,
          true), null, null, null, Map.of());

  @Test
  void passesWhenEveryFigureIsWithinItsBound() {
    assertThat(CASE).isPassed().hasPsnrAtLeast(46).hasMaxAbsAtMost(0.03).hasRmsAtMost(0.011).ranOnAQuietDevice();
  }

  @Test
  void failsNamingTheCaseTheFigureTheBoundAndTheValue() {
    assertThatThrownBy(() -> assertThat(CASE).hasPsnrAtLeast(48))
        .hasMessage("expected x.Gemm#g[n=1][FP16][cpu] to have psnrDb >= 48.0 but was 46.0206");
    assertThatThrownBy(() -> assertThat(CASE).hasMaxAbsAtMost(0.02))
        .hasMessage("expected x.Gemm#g[n=1][FP16][cpu] to have maxAbs <= 0.02 but was 0.0300000");
    assertThatThrownBy(() -> assertThat(CASE).hasStatus(CaseStatus.FAILED))
        .hasMessage("expected x.Gemm#g[n=1][FP16][cpu] to be FAILED but was PASSED");
    assertThatThrownBy(() -> assertThat(CASE).hasFlopsPerSecondAtLeast(1))
        .hasMessageContaining("declares no @Cost(flops)");
  }
}
