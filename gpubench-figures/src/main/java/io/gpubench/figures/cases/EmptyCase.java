package io.gpubench.figures.cases;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;

/** An empty measure: what the harness itself costs per call. */
@GpuBenchmark(backends = "cpu", enabledByDefault = false)
public class EmptyCase {
  @Measure
  void empty() {}
}
