package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;

@GpuBenchmark
@Shape("m=12,n=12x")
public class MalformedShapeBenchmark {
  @Measure
  float[] run() {
    return new float[1];
  }

  @io.gpubench.api.Reference
  float[] expected() {
    return new float[1];
  }
}
