package io.gpubench.figures.cases;

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

/**
 * Issue 23's first-case class: a correct 4-case class as a user writes one (a scaled sum of two vectors, checked
 * against a double-precision reference), {@code @Trials(min = 3, max = 5, budgetSeconds = 0.2)}, the engine's
 * defaults otherwise (two CPU forks). It uses only what every engine version since the forks accepts, so that the
 * same compiled class times the engine before and after ({@code FirstCaseFigures}).
 */
@GpuBenchmark(backends = "cpu", enabledByDefault = false)
@Shape("n=4096|65536")
@Precisions({FP32, FP16})
@Tolerance(maxAbs = 1e-2)
@Trials(min = 3, max = 5, budgetSeconds = 0.2)
public class FirstCase {
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
