package io.example;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;

/** A class whose shape cannot be read: it never runs, and the run records it as an ERROR entry. */
@GpuBenchmark
@Shape("n=")
@Tolerance(maxAbs = 0)
public class BrokenBenchmark {
  @Measure
  float[] broken() {
    return new float[] {1};
  }

  @Reference
  float[] expected() {
    return new float[] {1};
  }
}
