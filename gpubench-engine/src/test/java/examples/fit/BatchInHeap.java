package examples.fit;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A CPU workload whose memory is its batch: set-up holds one array of {@code batch} MiB, in a 64 MiB heap. Batches up
 * to a little below 64 fit; a larger one fails its set-up with {@code OutOfMemoryError}, at once (one array that
 * cannot be placed, not a heap filling slowly), so the fit helper's search is quick.
 */
@GpuBenchmark
@Shape("batch=16")
@Trials(warmup = 1, min = 2, max = 3, maxWarmupSeconds = 0)
@Fork(forks = 1, jvmArgs = {"-Xmx64m", "-XX:+UseSerialGC"})
public class BatchInHeap {
  private byte[] samples;

  @Setup
  void allocate(BenchContext ctx) {
    samples = new byte[ctx.axis("batch", Integer.class) << 20];
  }

  @Measure
  int touch() {
    samples[samples.length / 2]++;
    return samples[samples.length / 2];
  }
}
