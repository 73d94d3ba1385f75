package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Tolerance;

@GpuBenchmark
@Tolerance(rms = 1e-3)
public class MissingReferenceBenchmark {
  @Measure
  float[] run() {
    return new float[1];
  }
}
