package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Overrides the base's workload and keeps the annotation, as a JUnit test class may override a {@code @Test}. */
@GpuBenchmark
@Tolerance(maxAbs = 0) // class annotations are not inherited
@Trials(min = 2, max = 2)
public class FixedSumBenchmark extends BaseSumBenchmark {
  @Override
  @Measure("sum")
  public double[] sum() {
    return new double[] {1 + 2};
  }
}
