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

/**
 * A separable box blur, 9 of the suite's 25 cases. A call runs {@code imaging.blur.passes} passes (5 unless the
 * build says otherwise): {@code mvn verify -Dimaging.blur.passes=10} is the same code made 2× slower.
 */
@GpuBenchmark
@Shape("h=64|128|192,r=1|2|4")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-5, rms = 1e-6)
@Trials(min = 10, max = 300, budgetSeconds = 0.25, targetRelativeHalfWidth = 0.01)
public class BlurBenchmark {
  int passes;
  HostTensor in;
  float[] tmp;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    passes = Integer.getInteger("imaging.blur.passes", 5);
    int h = ctx.dim("h");
    in = (HostTensor) ctx.random("in", h, h);
    tmp = new float[h * h];
    out = (HostTensor) ctx.output("out", h, h);
  }

  @Measure
  void blur(BenchContext ctx) {
    int h = ctx.dim("h");
    for (int p = 0; p < passes; p++) {
      Images.blur(in.floats(), tmp, out.floats(), h, h, ctx.dim("r"));
    }
  }

  @Reference
  double[] expected(BenchContext ctx) {
    int h = ctx.dim("h");
    return Images.blur64(((HostTensor) ctx.random("in", h, h)).doubles(), h, h, ctx.dim("r"));
  }
}
