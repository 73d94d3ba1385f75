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

/** A copy that walks its input by rows or by columns, as the layout axis says. */
@GpuBenchmark
@Shape("h=8,w=16,layout=row|col")
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05)
public class StencilBenchmark {

  /** The order the copy walks in. */
  public enum Layout { ROW, COL }

  private HostTensor x;
  private Layout layout;
  private int h;
  private int w;

  @Setup
  void setup(BenchContext ctx) {
    h = ctx.dim("h");
    w = ctx.dim("w");
    layout = ctx.axis("layout", Layout.class);
    x = (HostTensor) ctx.random("x", h, w);
  }

  @Measure("separable")
  float[] copy() {
    float[] in = x.floats();
    float[] out = new float[in.length];
    if (layout == Layout.ROW) {
      for (int i = 0; i < in.length; i++) {
        out[i] = in[i];
      }
    } else {
      for (int c = 0; c < w; c++) {
        for (int r = 0; r < h; r++) {
          out[r * w + c] = in[r * w + c];
        }
      }
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
