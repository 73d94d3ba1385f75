package io.gpubench.figures.cases;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.figures.Kernels;

/** The ~50 µs matmul under gpubench's defaults. */
@GpuBenchmark(backends = "cpu", enabledByDefault = false)
public class MatmulCase {
  private final float[] a = Kernels.values(Kernels.MATMUL_N * Kernels.MATMUL_N, 1);
  private final float[] b = Kernels.values(Kernels.MATMUL_N * Kernels.MATMUL_N, 2);
  private final float[] c = new float[Kernels.MATMUL_N * Kernels.MATMUL_N];

  @Measure
  void matmul() {
    Kernels.matmul(a, b, c, Kernels.MATMUL_N);
  }
}
