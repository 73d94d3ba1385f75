package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;

@GpuBenchmark
public class DuplicateWorkloadBenchmark {
  @Measure("gemm")
  void first() {}

  @Measure("gemm")
  void second() {}
}
