package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Declares a "nightly" profile, which the other fixtures lack. */
@GpuBenchmark
@Shape("n=16")
@Shape(value = "n=4096", profile = "nightly")
@Trials(min = 2, max = 2)
public class NightlyBenchmark {
  @Measure
  void run() {}
}
