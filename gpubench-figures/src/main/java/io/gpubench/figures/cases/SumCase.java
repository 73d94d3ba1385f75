package io.gpubench.figures.cases;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.figures.Kernels;

/** The ~40 ns sum under gpubench's defaults; its result is returned, so the engine consumes it. */
@GpuBenchmark(backends = "cpu", enabledByDefault = false)
public class SumCase {
  private final float[] x = Kernels.values(Kernels.SUM_N, 3);

  @Measure
  float sum() {
    return Kernels.sum(x);
  }
}
