package io.example;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** A correct benchmark: prefix sums of a seeded vector, checked against an FP64 reference. */
@GpuBenchmark
@Shape("n=64")
@Tolerance(maxAbs = 1e-3)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05)
public class SumBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Measure
  float[] prefixSum() {
    float[] in = x.floats();
    float[] out = new float[in.length];
    float s = 0;
    for (int i = 0; i < in.length; i++) {
      out[i] = s += in[i];
    }
    return out;
  }

  @Reference
  double[] expected() {
    float[] in = x.floats();
    double[] out = new double[in.length];
    double s = 0;
    for (int i = 0; i < in.length; i++) {
      out[i] = s += in[i];
    }
    return out;
  }
}
