package io.gpubench.figures.cases;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.figures.Kernels;

/** The map kernel with an operator of its own (it doubles): the shared call site in {@link Kernels#map} sees it. */
@GpuBenchmark(backends = "cpu", enabledByDefault = false)
public class MapACase {
  private static final Kernels.FloatOp OP = x -> x * 2f;
  private final float[] in = Kernels.values(Kernels.MAP_N, 4);
  private final float[] out = new float[Kernels.MAP_N];

  @Measure
  void map() {
    Kernels.map(in, out, OP);
  }
}
