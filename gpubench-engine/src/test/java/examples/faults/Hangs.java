package examples.faults;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * A workload that hangs once its trials start. The step's time limit is 8 s here: a loaded 2-core machine can take
 * seconds for a JVM's first steps.
 */
@GpuBenchmark
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
@Fork(timeoutSeconds = 8)
public class Hangs {
  HostTensor x;
  int calls;

  @Setup
  void setup(BenchContext ctx) {
    x = Doubling.input(ctx);
  }

  @Reference
  float[] reference() {
    return Doubling.twice(x);
  }

  @Measure
  float[] spinsForever() {
    if (++calls > 1) {
      spinInFixtureCode();
    }
    return Doubling.twice(x);
  }

  static void spinInFixtureCode() {
    long n = 0;
    while (!Thread.currentThread().isInterrupted() || n >= 0) {
      n++;
    }
  }

  @Measure
  float[] correct() {
    return Doubling.twice(x);
  }
}
