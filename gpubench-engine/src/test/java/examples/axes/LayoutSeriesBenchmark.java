package examples.axes;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** The same axis as {@link SeriesBenchmark} and a name axis that class lacks. */
@GpuBenchmark
@Shape("n=8|16,layout=row|col")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class LayoutSeriesBenchmark {
  @Measure
  void run() {}
}
