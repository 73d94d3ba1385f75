package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Invalid: an axis given twice, once in a zipped group. */
@GpuBenchmark
@Shape("(m,n)=(1,2)|(3,4),n=8")
@Trials(min = 2, max = 2)
public class DuplicateAxisBenchmark {
  @Measure
  void run() {}
}
