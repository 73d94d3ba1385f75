package examples.faults;

import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A set-up that sleeps forever. The step's time limit is 8 s here: a loaded 2-core machine can take seconds for a
 * JVM's first steps.
 */
@GpuBenchmark
@Shape("n=8")
@Trials(warmup = 1, min = 2, max = 2)
@Fork(timeoutSeconds = 8)
public class SetupHangs {
  @Setup
  void waitForADeviceThatNeverComes() throws InterruptedException {
    Thread.sleep(Long.MAX_VALUE);
  }

  @Measure
  void work() {}
}
