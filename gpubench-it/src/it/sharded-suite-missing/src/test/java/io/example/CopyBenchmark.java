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

/** Twelve tiny cases (six shapes, two workloads): a suite to split into three shards. */
@GpuBenchmark
@Shape("n=8|16|32|64|128|256")
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05)
public class CopyBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Measure
  float[] copy() {
    return x.floats().clone();
  }

  @Measure
  float[] copyByLoop() {
    float[] v = x.floats();
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }

  @Reference
  double[] expected() {
    float[] v = x.floats();
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }
}
