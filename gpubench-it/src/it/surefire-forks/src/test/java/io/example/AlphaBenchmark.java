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

/** One of two valid classes, each in a Surefire fork of its own. */
@GpuBenchmark
@Shape({"n=64", "n=128"})
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05, maxWarmupSeconds = 0)
public class AlphaBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Measure
  float[] alpha() {
    return x.floats().clone();
  }

  @Reference
  float[] expected() {
    return x.floats().clone();
  }
}
