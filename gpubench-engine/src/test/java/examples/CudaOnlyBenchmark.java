package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;

/** Targets CUDA only; without gpubench-cuda on the classpath its case is skipped with the reason. */
@GpuBenchmark(backends = "cuda")
public class CudaOnlyBenchmark {
  @Measure
  void nothing() {}
}
