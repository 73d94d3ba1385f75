package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Invalid: two entries that both declare n=2048, which would plan one case twice under one id. */
@GpuBenchmark
@Shape({"n=2^10..2^11", "n=2k"})
@Trials(min = 2, max = 2)
public class DuplicateShapeBenchmark {
  @Measure
  void run() {}
}
