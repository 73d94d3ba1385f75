package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;

@GpuBenchmark
@Tolerance(maxAbs = -0.5)
public class NegativeToleranceBenchmark {
  @Measure
  float[] run() {
    return new float[1];
  }

  @io.gpubench.api.Reference
  float[] expected() {
    return new float[1];
  }
}
