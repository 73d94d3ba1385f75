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

/**
 * y = a*x + y over n floats, repeated: the number of passes is {@code sample.slowdown} (1 unless set), a stand-in for
 * a change that makes the kernel slower. The property is read in the JVM that measures (an engine worker), so a
 * build sets it through gpubench.fork.jvm-args.
 */
@GpuBenchmark
@Shape({"n=1024", "n=1536", "n=2048", "n=3072", "n=4096", "n=6144", "n=8192", "n=12288"})
@Tolerance(maxAbs = 1e-3)
@Trials(warmup = 2, min = 8, max = 20, budgetSeconds = 0.2)
public class AxpyBenchmark {
  private static final int PASSES = Integer.getInteger("sample.slowdown", 1);
  HostTensor x;
  float[] out;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    out = new float[(int) ctx.dim("n")];
  }

  @Measure
  float[] axpy() {
    float[] v = x.floats();
    for (int p = 0; p < PASSES; p++) {
      for (int i = 0; i < v.length; i++) {
        out[i] = 2.0f * v[i] + 1.0f;
      }
    }
    return out;
  }

  @Reference
  float[] expected() {
    float[] v = x.floats();
    float[] r = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      r[i] = 2.0f * v[i] + 1.0f;
    }
    return r;
  }
}
