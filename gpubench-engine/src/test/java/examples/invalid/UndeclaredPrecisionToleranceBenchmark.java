package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Reference;
import io.gpubench.api.Tolerance;

/** Its only tolerance is for FP16, which it does not run: its FP32 cases were checked against no bound. */
@GpuBenchmark
@Tolerance(precision = Precision.FP16, maxAbs = 1e-3)
public class UndeclaredPrecisionToleranceBenchmark {
  @Measure
  float[] run() {
    return new float[] {1.1f};
  }

  @Reference
  double[] expected() {
    return new double[] {1};
  }
}
