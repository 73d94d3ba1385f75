package io.example;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * Allocates {@code sample.allocation} (1 unless set) arrays of n floats a call: a stand-in for a change that doubles
 * what a model allocates. The property is read in the JVM that measures (an engine worker), so a build sets it
 * through gpubench.fork.jvm-args.
 */
@GpuBenchmark
@Shape("n=1000")
@Trials(warmup = 20, min = 5, max = 10, callsPerTrial = 1000, budgetSeconds = 0.5)
public class AllocatingBenchmark {
  private static final int ARRAYS = Integer.getInteger("sample.allocation", 1);
  int n;

  @Setup
  void setup(BenchContext ctx) {
    n = ctx.dim("n");
  }

  @Measure
  Object allocate() {
    if (ARRAYS == 1) {
      return new float[n];
    }
    float[][] all = new float[ARRAYS][];
    for (int i = 0; i < ARRAYS; i++) {
      all[i] = new float[n];
    }
    return all;
  }
}
