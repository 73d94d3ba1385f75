package io.example;

import static io.gpubench.api.Precision.FP16;
import static io.gpubench.api.Precision.FP32;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Issue 23's correct 4-case class: a scaled sum of two vectors, checked against a double-precision reference. */
@GpuBenchmark
@Shape("n=4096|65536")
@Precisions({FP32, FP16})
@Tolerance(maxAbs = 1e-2)
@Trials(min = 3, max = 5, budgetSeconds = 0.2)
public class AxpyBenchmark {
  HostTensor x;
  HostTensor y;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    y = (HostTensor) ctx.random("y", ctx.dim("n"));
    out = (HostTensor) ctx.output("out", ctx.dim("n"));
  }

  @Measure
  void run() {
    float[] a = x.floats();
    float[] b = y.floats();
    float[] c = out.floats();
    for (int i = 0; i < c.length; i++) {
      c[i] = 2.5f * a[i] + b[i];
    }
  }

  @Reference
  double[] expected(BenchContext ctx) {
    double[] a = ((HostTensor) ctx.random("x", ctx.dim("n"))).doubles();
    double[] b = ((HostTensor) ctx.random("y", ctx.dim("n"))).doubles();
    double[] c = new double[a.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = 2.5 * a[i] + b[i];
    }
    return c;
  }
}
