package io.example;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Shape;

/** Invalid: an axis value that is not a number. */
@GpuBenchmark
@Shape("n=abc")
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
