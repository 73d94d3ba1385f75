package examples.invalid;

import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Invalid: a cost that multiplies by an axis of names. */
@GpuBenchmark
@Shape("n=4,layout=row|col")
@Cost(flops = "2*n*layout")
@Trials(min = 2, max = 2)
public class NameAxisInCostBenchmark {
  @Measure
  void run() {}
}
