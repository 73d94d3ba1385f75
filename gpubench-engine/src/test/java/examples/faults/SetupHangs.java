package examples.faults;

import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A set-up that sleeps forever; the step's time limit is 2 s here. */
@GpuBenchmark
@Shape("n=8")
@Trials(warmup = 1, min = 2, max = 2)
@Fork(timeoutSeconds = 2)
public class SetupHangs {
  @Setup
  void waitForADeviceThatNeverComes() throws InterruptedException {
    Thread.sleep(Long.MAX_VALUE);
  }

  @Measure
  void work() {}
}
