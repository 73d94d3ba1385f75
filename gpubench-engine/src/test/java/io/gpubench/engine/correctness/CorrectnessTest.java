package io.gpubench.engine.correctness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.gpubench.api.CheckMetric;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Rounding;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.ErrorStats;
import java.util.List;
import org.junit.jupiter.api.Test;

class CorrectnessTest {

  @Test
  void errorFiguresAgainstHandComputedValues() {
    HostTensor out = HostTensor.ofFloats("out", Precision.FP32, new float[] {1.5f, 2, 3, Float.NaN});
    HostTensor ref = HostTensor.ofDoubles("ref", new double[] {1, 2, 4, 1});

    ErrorStats e = HostErrorMetrics.compare(out, ref, 4.0);

    // d over finite outputs = {0.5, 0, -1}; mse = 1.25/3; sum ref^2 over them = 1 + 4 + 16 = 21
    assertThat(e.count()).isEqualTo(3);
    assertThat(e.nonFinite()).isEqualTo(1);
    assertThat(e.maxAbs()).isEqualTo(1.0);
    assertThat(e.rms()).isCloseTo(Math.sqrt(1.25 / 3), offset(1e-12));
    assertThat(e.psnrDb()).isCloseTo(10 * Math.log10(16 / (1.25 / 3)), offset(1e-9));
    assertThat(e.relL2()).isCloseTo(Math.sqrt(1.25 / 21), offset(1e-12));
  }

  @Test
  void anExactOutputHasInfinitePsnrAndZeroError() {
    HostTensor a = HostTensor.ofFloats("a", Precision.FP32, new float[] {1, 2});
    ErrorStats e = HostErrorMetrics.compare(a, a, 2);
    assertThat(e.psnrDb()).isInfinite();
    assertThat(e.maxAbs()).isZero();
    assertThat(e.relL2()).isZero();
  }

  @Test
  void allowanceChecksEveryBoundAndReportsTheShareUsed() {
    Allowance a = new Allowance(0.5, 0.1, 40, 2, Double.NaN);
    ErrorStats e = ErrorStats.fromSums(100, 0, 0.25, 100 * 0.2 * 0.2, 100, 2);

    List<Check> checks = a.check(e);

    assertThat(checks).extracting(Check::metric).containsExactly(CheckMetric.NON_FINITE, CheckMetric.MAX_ABS, CheckMetric.RMS,
        CheckMetric.PSNR_DB);
    assertThat(checks.get(1).passed()).isTrue();
    assertThat(checks.get(1).usedShare()).isCloseTo(0.5, offset(1e-12));
    assertThat(checks.get(2).passed()).isFalse();
    assertThat(checks.get(2).describe()).isEqualTo("rms 0.2000 > allowed 0.1000");
    // psnr = 10 log10(4 / 0.04) = 20 dB < 40 dB
    assertThat(checks.get(3).passed()).isFalse();
    assertThat(checks.get(3).describe()).isEqualTo("psnrDb 20.00 < allowed 40.00");
  }

  @Test
  void roundingMatchesTheFormatsRepresentableValues() {
    // 1 + 2^-11 is halfway between FP16 neighbours 1 and 1 + 2^-10: ties go to even (1).
    assertThat(Rounding.round(1 + 0x1p-11f, Precision.FP16)).isEqualTo(1f);
    assertThat(Rounding.round(1 + 0x1p-11f + 0x1p-20f, Precision.FP16)).isEqualTo(1 + 0x1p-10f);
    assertThat(Rounding.round(70000f, Precision.FP16)).isEqualTo(Float.POSITIVE_INFINITY);
    assertThat(Rounding.round(0x1p-24f, Precision.FP16)).isEqualTo(0x1p-24f);
    assertThat(Rounding.round(1 + 0x1p-8f, Precision.BF16)).isEqualTo(1f);
    assertThat(Rounding.round(3.14159265f, Precision.BF16)).isEqualTo(3.140625f);
    assertThat(Rounding.round(1 + 0x1p-12f, Precision.TF32)).isEqualTo(1f);
    assertThat(Rounding.round(500f, Precision.FP8_E4M3)).isEqualTo(448f);
    assertThat(Rounding.round(0.3f, Precision.FP8_E4M3)).isEqualTo(0.3125f);
    assertThat(Rounding.round(0.3f, Precision.FP32)).isEqualTo(0.3f);
  }

  @Test
  void aTransposedOutputIsNotComparedElementByElementWithItsReference() {
    // Same element count, other layout: it used to be compared pair by pair and could pass.
    HostTensor out = HostTensor.ofFloats("c", Precision.FP32, new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
    HostTensor ref = HostTensor.ofDoubles("expected", new double[] {1, 2, 3, 4, 5, 6}, 2, 3);

    assertThatThrownBy(() -> HostErrorMetrics.compare(out, ref, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("output 'c' has dims [3, 2], reference 'expected' has dims [2, 3]: as many elements, laid out"
            + " differently (a transposed or reshaped output?); return the output in the reference's layout");
  }

  @Test
  void extentsOfOneAndFlatArraysCompareByCount() {
    HostTensor out = HostTensor.ofFloats("c", Precision.FP32, new float[] {1, 2, 3, 4, 5, 6}, 1, 2, 3);
    assertThat(Layouts.mismatch(out, HostTensor.ofDoubles("r", new double[6], 2, 3))).isEmpty();
    assertThat(Layouts.mismatch(out, HostTensor.ofDoubles("r", new double[6]))).isEmpty();
    assertThat(Layouts.mismatch(out, HostTensor.ofDoubles("r", new double[5]))).contains(
        "output 'c' [1, 2, 3] has 6 elements, reference 'r' [5] has 5");
  }

  @Test
  void aReferenceThatIsNotFiniteIsNamedAsSuch() {
    HostTensor ref = HostTensor.ofDoubles("expected", new double[] {1, Double.NaN, 3});

    assertThatThrownBy(() -> HostErrorMetrics.requireFinite(ref)).hasMessage("reference 'expected' is not finite:"
        + " 1 of 3 elements are NaN or infinite (the first at index 1, NaN); the reference is broken, not the output");
  }
}
