package examples.invalid;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Model;
import io.gpubench.api.ModelInput;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;

/** Its FP16 output is compared with its FP32 output, under no bound. */
@GpuBenchmark
@Precisions({Precision.FP32, Precision.FP16})
public class ModelWithoutToleranceBenchmark {
  @Model
  Object net() {
    return new Object();
  }

  @ModelInput
  long[] input() {
    return new long[] {1, 4};
  }
}
