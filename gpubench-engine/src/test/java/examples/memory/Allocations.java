package examples.memory;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * Workloads that allocate known amounts a call: nothing (a loop over primitives), one {@code float[n]} (16 bytes of
 * array header and 4n of values, with compressed class pointers), two of them. Many calls a trial, so that the trial's
 * own bookkeeping (a few dozen bytes a trial) is far below a byte a call.
 */
@GpuBenchmark
@Shape("n=1000")
@Trials(warmup = 20, min = 5, max = 5, callsPerTrial = 2000, maxWarmupSeconds = 0.2)
@Fork(forks = 1)
public class Allocations {
  long[] data;
  int n;

  @Setup
  void setup(BenchContext ctx) {
    n = (int) ctx.dim("n");
    data = new long[64];
    for (int i = 0; i < data.length; i++) {
      data[i] = i * 31L;
    }
  }

  @Measure
  long primitiveLoop() {
    long s = 0;
    for (long v : data) {
      s += v ^ (s >>> 3);
    }
    return s;
  }

  @Measure
  float[] oneArray() {
    return new float[n];
  }

  @Measure
  Object twoArrays() {
    return new float[][] {new float[n], new float[n]};
  }
}
