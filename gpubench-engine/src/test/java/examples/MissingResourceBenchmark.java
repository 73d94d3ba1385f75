package examples;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Its stored reference does not exist: the case fails naming the resource. */
@GpuBenchmark
@Trials(min = 2, max = 2)
@Tolerance(maxAbs = 0)
public class MissingResourceBenchmark {
  @Measure
  float[] one() {
    return new float[] {1};
  }

  @Reference
  Tensor stored(BenchContext ctx) {
    return ctx.load("no-such-reference.f32", 1);
  }
}
