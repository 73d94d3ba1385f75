package examples.memory;

import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Trials;

/**
 * 25 MiB of garbage a trial in a 32 MiB heap: young collections run during every trial, and the trials are marked.
 */
@GpuBenchmark
@Trials(warmup = 2, min = 6, max = 6, callsPerTrial = 100, maxWarmupSeconds = 0)
@Fork(forks = 1, jvmArgs = "-Xmx32m")
public class GcChurn {
  @Measure
  byte[] churn() {
    return new byte[256 * 1024];
  }
}
