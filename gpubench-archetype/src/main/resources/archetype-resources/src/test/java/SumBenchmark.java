package ${package};

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * A CPU benchmark: prefix sums of a seeded vector in FP32, checked against the same sums in FP64. Each shape is a
 * case (a test in the IDE and in Surefire's report): timed with adaptive trials, checked, reported.
 */
@GpuBenchmark                                   // backends = {"cpu"} by default
@Shape({"n=4096", "n=65536"})                   // one case per shape
@Tolerance(maxAbs = 0.05, rms = 0.005)          // how far the FP32 sums may stray from the FP64 reference
@Trials(budgetSeconds = 1)                      // timed seconds per case, at most
public class SumBenchmark {
  private HostTensor x;

  @Setup
  void setup(BenchContext ctx) {                // once per case, not timed
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Measure
  float[] prefixSum() {                         // the timed call; its result is checked
    float[] in = x.floats();
    float[] out = new float[in.length];
    float s = 0;
    for (int i = 0; i < in.length; i++) {
      out[i] = s += in[i];
    }
    return out;
  }

  @Reference
  double[] exact() {                            // the same inputs in FP64, once per case
    float[] in = x.floats();
    double[] out = new double[in.length];
    double s = 0;
    for (int i = 0; i < in.length; i++) {
      out[i] = s += in[i];
    }
    return out;
  }
}
