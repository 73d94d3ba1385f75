package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Invalid: a range that starts above its end: no shape at all. */
@GpuBenchmark
@Shape("n=2^20..2^10")
@Trials(min = 2, max = 2)
public class EmptyRangeBenchmark {
  @Measure
  void run() {}
}
