package examples.wire;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.api.Worlds;

/** Worlds of 2 and 4 ranks on the {@link BootstrapStandIn}: the case passes once every rank has joined its world. */
@GpuBenchmark(backends = "bootstrap")
@Worlds({2, 4})
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 2)
public class BootstrapWorld {
  @Measure
  double[] sum() {
    return new double[] {3};
  }

  @Reference
  double[] expected() {
    return new double[] {3};
  }
}
