package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Invalid: a range that does not end on its step. */
@GpuBenchmark
@Shape("k=128..1000:128")
@Trials(min = 2, max = 2)
public class MalformedRangeBenchmark {
  @Measure
  void run() {}
}
