package io.example;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;

/** Invalid: a @Measure method takes a parameter the engine cannot supply. */
@GpuBenchmark
public class ParameterisedMeasureBenchmark {
  @Measure
  float[] run(int n) {
    return new float[n];
  }

  @Reference
  double[] expected() {
    return new double[1];
  }
}
