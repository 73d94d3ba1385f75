package io.example;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * Its first case (n=64) passes; the set-up of its second (n=128), which runs in a worker process, kills the worker's
 * parent, the JVM of Surefire's fork that runs the engine, with SIGKILL: nothing there can write results after that,
 * and the third case (n=256) is never run.
 */
@GpuBenchmark
@Shape({"n=64", "n=128", "n=256"})
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05, maxWarmupSeconds = 0)
public class KilledBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) throws InterruptedException {
    if (ctx.dim("n") == 128) {
      ProcessHandle engine = ProcessHandle.current().parent().orElseThrow();
      engine.destroyForcibly();
      engine.onExit().join();
    }
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  @Measure
  float[] copy() {
    return x.floats().clone();
  }

  @Reference
  float[] expected() {
    return x.floats().clone();
  }
}
