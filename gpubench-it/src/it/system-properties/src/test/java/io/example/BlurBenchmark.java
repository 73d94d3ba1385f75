package io.example;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
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

/** A box blur repeated as often as the build says (-Dimaging.blur.repeat), as a team slows a kernel on purpose. */
@GpuBenchmark
@Shape("w=64")
@Precisions(Precision.FP32)
@Tolerance(maxAbs = 1e-5)
@Trials(warmup = 2, min = 3, max = 5, budgetSeconds = 0.2)
public class BlurBenchmark {
  int repeat;
  HostTensor in;
  HostTensor out;

  @Setup
  void setup(BenchContext ctx) {
    String repeatText = System.getProperty("imaging.blur.repeat");
    if (repeatText == null) {
      throw new IllegalStateException("imaging.blur.repeat is not set in the worker (pid "
          + ProcessHandle.current().pid() + ")");
    }
    repeat = Integer.parseInt(repeatText);
    String kernel = System.getProperty("imaging.kernel");
    if (!"box".equals(kernel)) {
      throw new IllegalStateException("imaging.kernel (a systemPropertyVariable) is " + kernel + " in the worker");
    }
    ctx.metric("repeat", repeat, "", Better.NEITHER);
    ctx.metric("workerPid", ProcessHandle.current().pid(), "", Better.NEITHER);
    in = (HostTensor) ctx.random("in", ctx.dim("w"));
    out = (HostTensor) ctx.output("out", ctx.dim("w"));
  }

  @Measure
  void blur() {
    for (int r = 0; r < repeat; r++) {
      blur(in.floats(), out.floats());
    }
  }

  @Reference
  double[] expected(BenchContext ctx) {
    double[] src = ((HostTensor) ctx.random("in", ctx.dim("w"))).doubles();
    int n = src.length;
    double[] dst = new double[n];
    for (int i = 0; i < n; i++) {
      dst[i] = (src[Math.max(0, i - 1)] + src[i] + src[Math.min(n - 1, i + 1)]) / 3;
    }
    return dst;
  }

  static void blur(float[] src, float[] dst) {
    int n = src.length;
    for (int i = 0; i < n; i++) {
      float l = src[Math.max(0, i - 1)];
      float r = src[Math.min(n - 1, i + 1)];
      dst[i] = (l + src[i] + r) / 3f;
    }
  }
}
