package examples;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Checked against a reference stored as a file (little-endian float32) rather than computed. */
@GpuBenchmark
@Tolerance(maxAbs = 0)
@Trials(min = 2, max = 2)
public class StoredReferenceBenchmark {
  @Measure
  float[] ramp() {
    float[] out = new float[8];
    for (int i = 0; i < out.length; i++) {
      out[i] = 0.5f * i;
    }
    return out;
  }

  @Reference
  Tensor stored(BenchContext ctx) {
    return ctx.load("ramp.f32", 8);
  }
}
