package io.example.imaging;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** A binary threshold, 4 of the suite's 25 cases: memory-bound. */
@GpuBenchmark
@Shape("n=16k|64k|256k|1M")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 0)
@Trials(min = 10, max = 300, budgetSeconds = 0.25, targetRelativeHalfWidth = 0.01)
public class ThresholdBenchmark {
  HostTensor in;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    in = (HostTensor) ctx.random("in", ctx.dim("n"));
    out = (HostTensor) ctx.output("out", ctx.dim("n"));
  }

  @Measure
  void threshold(BenchContext ctx) {
    Images.threshold(in.floats(), out.floats(), 0.25f);
  }

  @Reference
  double[] expected(BenchContext ctx) {
    double[] x = ((HostTensor) ctx.random("in", ctx.dim("n"))).doubles();
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = (float) x[i] > 0.25f ? 1 : 0;
    }
    return y;
  }
}
