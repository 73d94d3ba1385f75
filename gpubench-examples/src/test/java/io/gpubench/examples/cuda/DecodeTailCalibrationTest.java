package io.gpubench.examples.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.Precision;
import io.gpubench.api.Rounding;
import io.gpubench.api.SeededInputs;
import io.gpubench.api.Tolerance;
import org.junit.jupiter.api.Test;

/**
 * The allowance of {@link DecodeTailBenchmark} is {@link DecodeTailBenchmark#MARGIN} times the error a bf16
 * implementation makes against the fp64 reference (as the Wan2.2 decode bench takes it from its calibration
 * file). This test recomputes that error on the host, at the full profile's shape, and checks that the
 * constants in the annotation are what it gives; no GPU needed.
 */
class DecodeTailCalibrationTest {

  /** The bf16 implementation's max|d| and rms(d) against fp64, at c x h x w. */
  static double[] bf16Error(int c, int h, int w, long seed) {
    int p = h * w;
    float[] x = Rounding.roundAll(SeededInputs.uniform(seed, "x", (long) c * p), Precision.BF16);
    float[] gamma = Rounding.roundAll(SeededInputs.uniform(seed, "gamma", c), Precision.BF16);
    float[] beta = Rounding.roundAll(SeededInputs.uniform(seed, "beta", c), Precision.BF16);
    float[] wt = Rounding.roundAll(SeededInputs.uniform(seed, "w", 3L * c), Precision.BF16);
    float[] bias = Rounding.roundAll(SeededInputs.uniform(seed, "bias", 3), Precision.BF16);
    double[] ref = DecodeTail.reference(x, gamma, beta, wt, bias, c, p);
    double[] bf = DecodeTail.bf16Reference(x, gamma, beta, wt, bias, c, p);
    double max = 0;
    double sq = 0;
    for (int i = 0; i < ref.length; i++) {
      double d = bf[i] - ref[i];
      max = Math.max(max, Math.abs(d));
      sq += d * d;
    }
    return new double[] {max, Math.sqrt(sq / ref.length)};
  }

  @Test
  void allowanceIsTheMarginTimesTheBf16Error() {
    double[] e = bf16Error(96, 176, 312, 42);
    Tolerance t = DecodeTailBenchmark.class.getAnnotation(Tolerance.class);
    System.out.printf("bf16 reference: max|d| %.5f rms %.6f; allowance max|d| %.5f rms %.6f psnr %.2f%n",
        e[0], e[1], t.maxAbs(), t.rms(), t.psnrDb());
    assertThat(t.maxAbs()).isCloseTo(DecodeTailBenchmark.MARGIN * e[0], within(0.25 * DecodeTailBenchmark.MARGIN * e[0]));
    assertThat(t.rms()).isCloseTo(DecodeTailBenchmark.MARGIN * e[1], within(0.10 * DecodeTailBenchmark.MARGIN * e[1]));
    double psnr = 10 * Math.log10(t.range() * t.range() / (t.rms() * t.rms()));
    assertThat(t.psnrDb()).isCloseTo(psnr, within(0.5));
  }

  @Test
  void theBrokenKernelsBugIsFarOutsideTheAllowance() {
    int c = 96;
    int p = 176 * 312;
    long seed = 7;
    float[] x = Rounding.roundAll(SeededInputs.uniform(seed, "x", (long) c * p), Precision.BF16);
    float[] gamma = Rounding.roundAll(SeededInputs.uniform(seed, "gamma", c), Precision.BF16);
    float[] beta = Rounding.roundAll(SeededInputs.uniform(seed, "beta", c), Precision.BF16);
    float[] wt = Rounding.roundAll(SeededInputs.uniform(seed, "w", 3L * c), Precision.BF16);
    float[] bias = Rounding.roundAll(SeededInputs.uniform(seed, "bias", 3), Precision.BF16);
    // What BrokenDecodeTailBenchmark computes: w read as [C, 3].
    float[] misread = new float[3 * c];
    for (int o = 0; o < 3; o++) {
      for (int j = 0; j < c; j++) {
        misread[o * c + j] = wt[3 * j + o];
      }
    }
    double[] ref = DecodeTail.reference(x, gamma, beta, wt, bias, c, p);
    double[] bad = DecodeTail.reference(x, gamma, beta, misread, bias, c, p);
    double max = 0;
    double sq = 0;
    for (int i = 0; i < ref.length; i++) {
      double d = bad[i] - ref[i];
      max = Math.max(max, Math.abs(d));
      sq += d * d;
    }
    double psnr = 10 * Math.log10(4 / (sq / ref.length));
    assertThat(max).isGreaterThan(10 * DecodeTailBenchmark.MAX_ABS);
    assertThat(psnr).isLessThan(DecodeTailBenchmark.PSNR_DB - 20);
  }
}
