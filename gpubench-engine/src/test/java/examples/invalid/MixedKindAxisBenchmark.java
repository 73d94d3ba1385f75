package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Invalid: one axis that holds a number in one shape and a name in another. */
@GpuBenchmark
@Shape({"x=1", "x=abc"})
@Trials(min = 2, max = 2)
public class MixedKindAxisBenchmark {
  @Measure
  void run() {}
}
