package examples.axes;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** One whole-number axis: its ids must not change when another class of the run gains an axis. */
@GpuBenchmark
@Shape("n=8|16")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class SeriesBenchmark {
  @Measure
  void run() {}
}
