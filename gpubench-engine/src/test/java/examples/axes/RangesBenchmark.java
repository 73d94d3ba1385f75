package examples.axes;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A stepped range and a range of powers of two with an exponent step. */
@GpuBenchmark
@Shape("k=128..512:128,n=2^2..2^6:2")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class RangesBenchmark {
  @Measure
  void run() {}
}
