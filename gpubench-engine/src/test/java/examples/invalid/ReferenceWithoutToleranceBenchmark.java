package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;

/** A reference and no tolerance: the output's error was measured and only finiteness checked. */
@GpuBenchmark
public class ReferenceWithoutToleranceBenchmark {
  @Measure
  float[] run() {
    return new float[] {1.1f};
  }

  @Reference
  double[] expected() {
    return new double[] {1};
  }
}
