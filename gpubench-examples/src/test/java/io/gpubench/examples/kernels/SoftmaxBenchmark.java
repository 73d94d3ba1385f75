package io.gpubench.examples.kernels;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * A hand-written kernel against a reference: row-wise softmax in plain Java (one pass for the max, one for the
 * sum, one to scale), written into an output the engine poisons with NaN before every call, checked against an
 * FP64 softmax. Memory-bound, so it declares the bytes it must move.
 */
@GpuBenchmark
@Shape("rows=256|1024,cols=1024")
@Shape(value = "rows=8192,cols=4096", profile = "full")
@Tolerance(maxAbs = 1e-6, relL2 = 1e-5, psnrDb = 120, range = 1)
@Trials(warmup = 5, min = 10, max = 200, targetRelativeHalfWidth = 0.01, budgetSeconds = 1)
@Cost(bytes = "2*e*rows*cols", flops = "5*rows*cols")
public class SoftmaxBenchmark {
  private HostTensor x;
  private HostTensor y;

  @Setup
  void allocate(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("rows"), ctx.dim("cols"));
    y = (HostTensor) ctx.output("y", ctx.dim("rows"), ctx.dim("cols"));
  }

  @Measure
  void softmax(BenchContext ctx) {
    int rows = ctx.dim("rows");
    int cols = ctx.dim("cols");
    float[] in = x.floats();
    float[] out = y.floats();
    for (int r = 0; r < rows; r++) {
      int base = r * cols;
      float max = Float.NEGATIVE_INFINITY;
      for (int c = 0; c < cols; c++) {
        max = Math.max(max, in[base + c]);
      }
      float sum = 0;
      for (int c = 0; c < cols; c++) {
        float e = (float) Math.exp(in[base + c] - max);
        out[base + c] = e;
        sum += e;
      }
      float inv = 1 / sum;
      for (int c = 0; c < cols; c++) {
        out[base + c] *= inv;
      }
    }
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    int rows = ctx.dim("rows");
    int cols = ctx.dim("cols");
    HostTensor in = (HostTensor) ctx.random("x", rows, cols);
    double[] out = new double[rows * cols];
    for (int r = 0; r < rows; r++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < cols; c++) {
        max = Math.max(max, in.get((long) r * cols + c));
      }
      double sum = 0;
      for (int c = 0; c < cols; c++) {
        sum += Math.exp(in.get((long) r * cols + c) - max);
      }
      for (int c = 0; c < cols; c++) {
        out[r * cols + c] = Math.exp(in.get((long) r * cols + c) - max) / sum;
      }
    }
    return HostTensor.ofDoubles("softmax", out, rows, cols);
  }
}
