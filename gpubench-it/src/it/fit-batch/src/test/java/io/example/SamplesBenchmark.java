package io.example;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A batch of samples of 1 MiB each, held by set-up in a 64 MiB heap. */
@GpuBenchmark
@Shape("batch=8")
@Trials(warmup = 1, min = 2, max = 3, maxWarmupSeconds = 0)
@Fork(forks = 1, jvmArgs = {"-Xmx64m", "-XX:+UseSerialGC"})
public class SamplesBenchmark {
  private byte[] samples;

  @Setup
  void allocate(BenchContext ctx) {
    samples = new byte[ctx.axis("batch", Integer.class) << 20];
  }

  @Measure
  int touch() {
    samples[samples.length - 1]++;
    return samples[samples.length - 1];
  }
}
