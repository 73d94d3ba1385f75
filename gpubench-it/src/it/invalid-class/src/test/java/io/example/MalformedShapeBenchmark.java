package io.example;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Shape;

/** Invalid: a range that does not end on its step (64, 80, 96 would stop short of 100). */
@GpuBenchmark
@Shape("n=64..100:16")
public class MalformedShapeBenchmark {
  @Measure
  float[] run() {
    return new float[1];
  }

  @Reference
  double[] expected() {
    return new double[1];
  }
}
