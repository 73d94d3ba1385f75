package examples.faults;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.TearDown;
import io.gpubench.api.Trials;

/** A tear-down that throws: the case errors with the cause, as JUnit fails a test whose @AfterEach throws. */
@GpuBenchmark
@Shape("n=8")
@Trials(warmup = 1, min = 2, max = 2)
public class TearDownThrows {
  @Measure
  void work() {}

  @TearDown
  void release() {
    throw new IllegalStateException("double free of the workspace");
  }
}
