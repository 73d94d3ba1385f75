package examples.recording;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Trials;
import io.gpubench.engine.execution.FakeGpu;

/** A workload that throws in the one call under the kernel audit (and nowhere else). */
@GpuBenchmark(backends = "fakegpu")
@Precisions(Precision.FP32)
@Trials(warmup = 1, min = 2, max = 2)
public class ThrowsUnderAuditBenchmark {

  @Measure
  void kernel() {
    if (FakeGpu.auditing()) {
      throw new IllegalStateException("a launch failed under the audit");
    }
  }
}
