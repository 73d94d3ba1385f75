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

/** A histogram, 6 of the suite's 25 cases: latency-bound (a load, an add, a store into one of few bins). */
@GpuBenchmark
@Shape("n=16k|64k|256k,bins=256|64")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 0)
@Trials(min = 10, max = 300, budgetSeconds = 0.25, targetRelativeHalfWidth = 0.01)
public class HistogramBenchmark {
  HostTensor in;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    in = (HostTensor) ctx.random("in", ctx.dim("n"));
    out = (HostTensor) ctx.output("counts", ctx.dim("bins"));
  }

  @Measure
  void histogram(BenchContext ctx) {
    Images.histogram(in.floats(), out.floats());
  }

  @Reference
  double[] expected(BenchContext ctx) {
    return Images.histogram64(((HostTensor) ctx.random("in", ctx.dim("n"))).doubles(), ctx.dim("bins"));
  }
}
