package examples.protocol;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Its input comes from {@code ctx.fromHost} and the workload changes it: the case must fail naming the input. */
@GpuBenchmark
@Tolerance(maxAbs = 1e9)
@Trials(min = 2, max = 2)
public class MutatesHostInputBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.fromHost("x", new float[] {1, 2, 3, 4}, 4);
  }

  @Measure
  float[] scale() {
    float[] v = x.floats();
    for (int i = 0; i < v.length; i++) {
      v[i] *= 2;
    }
    return v.clone();
  }

  @Reference
  double[] expected() {
    return new double[] {2, 4, 6, 8};
  }
}
