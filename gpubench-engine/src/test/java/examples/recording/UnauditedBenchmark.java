package examples.recording;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Trials;
import io.gpubench.engine.execution.FakeGpu;

/** A class that turns its audit off. */
@GpuBenchmark(backends = "fakegpu", audit = false)
@Precisions(Precision.FP32)
@Trials(warmup = 1, min = 2, max = 2)
public class UnauditedBenchmark {

  @Measure
  void kernel() {
    FakeGpu.launch();
  }
}
