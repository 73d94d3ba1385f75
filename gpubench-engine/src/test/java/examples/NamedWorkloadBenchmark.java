package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Trials;

/** A workload named apart from its method: reports and -Dtest name it rowStreaming. */
@GpuBenchmark
@Trials(min = 2, max = 2)
public class NamedWorkloadBenchmark {
  @Measure("rowStreaming")
  void rows() {}
}
