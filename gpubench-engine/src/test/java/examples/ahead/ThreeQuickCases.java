package examples.ahead;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Three quick CPU cases with the engine's forks: the first one's two workers are started ahead of it. */
@GpuBenchmark
@Shape("n=1|2|3")
@Trials(min = 2, max = 3, budgetSeconds = 0.2)
public class ThreeQuickCases {
  @Measure
  long sum() {
    long s = 0;
    for (int i = 0; i < 16; i++) {
      s += i;
    }
    return s;
  }
}
