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

/** A 2x2 box downscale, 2 of the suite's 25 cases: memory-bound. */
@GpuBenchmark
@Shape("h=256|512")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-6)
@Trials(min = 10, max = 300, budgetSeconds = 0.25, targetRelativeHalfWidth = 0.01)
public class DownscaleBenchmark {
  HostTensor in;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    int h = ctx.dim("h");
    in = (HostTensor) ctx.random("in", h, h);
    out = (HostTensor) ctx.output("out", h / 2, h / 2);
  }

  @Measure
  void downscale(BenchContext ctx) {
    int h = ctx.dim("h");
    Images.downscale(in.floats(), out.floats(), h, h);
  }

  @Reference
  double[] expected(BenchContext ctx) {
    int h = ctx.dim("h");
    return Images.downscale64(((HostTensor) ctx.random("in", h, h)).doubles(), h, h);
  }
}
