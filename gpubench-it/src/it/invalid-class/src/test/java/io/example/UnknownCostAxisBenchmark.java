package io.example;

import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Shape;

/** Invalid: @Cost names an axis the shapes do not have. */
@GpuBenchmark
@Shape("n=8")
@Cost(flops = "2*n*k")
public class UnknownCostAxisBenchmark {
  @Measure
  float[] run() {
    return new float[8];
  }

  @Reference
  double[] expected() {
    return new double[8];
  }
}
