package examples.fit;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A case without a batch axis, which the fit helper cannot search. */
@GpuBenchmark
@Shape("n=4")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class NoBatch {
  @Measure
  int sum() {
    return 4;
  }
}
