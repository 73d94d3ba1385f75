package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** A benchmark meant to be extended: its workload returns the wrong sum, which {@link FixedSumBenchmark} fixes. */
@GpuBenchmark
@Tolerance(maxAbs = 0)
@Trials(min = 2, max = 2)
public class BaseSumBenchmark {
  @Measure("sum")
  public double[] sum() {
    return new double[] {-1};
  }

  @Reference
  double[] expected() {
    return new double[] {3};
  }
}
