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

/** Two workloads; the first is named apart from its method, as reports then name it. */
@GpuBenchmark
@Shape("h=8,w=16")
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05)
public class StencilBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("h"), ctx.dim("w"));
  }

  @Measure("rowStreaming")
  float[] rows() {
    return x.floats().clone();
  }

  @Measure
  float[] columns() {
    return x.floats().clone();
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
