package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;

@GpuBenchmark
public class WrongSignatureBenchmark {
  @Measure
  void run(int size) {}
}
