package examples.faults;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A set-up that throws: the case fails naming @Setup and the method. */
@GpuBenchmark
@Shape("n=8")
@Trials(warmup = 1, min = 2, max = 2)
public class SetupThrows {
  @Setup
  void upload() {
    throw new IllegalStateException("no device memory left for the inputs");
  }

  @Measure
  void work() {}
}
